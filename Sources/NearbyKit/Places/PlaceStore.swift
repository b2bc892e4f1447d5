/// A place and how far it is from where the question was asked.
public struct PlaceHit: Hashable, Sendable {
    public var place: Place
    /// Metres on the WGS84 ellipsoid.
    public var distance: Double

    public init(place: Place, distance: Double) {
        self.place = place
        self.distance = distance
    }
}

/// The places of a dataset, indexed for "what is near here".
///
/// One spatial index holds every place, one each category and one each
/// group, so a query for some kinds never walks past places of others, and
/// one for a whole group ("food", ten kinds) walks one tree, not ten. The index ranks by angle on
/// a sphere; the ellipsoid's true distances differ from that by at most the
/// ratio of its extreme radii of curvature, so candidates are taken with that
/// margin and then ranked by geodesic distance (`Geodesic`, from the
/// surface normals the index keeps, so a candidate's place is not read
/// unless it is kept): the order returned is exact, not approximate.
public final class PlaceStore: Sendable {
    public let places: [Place]
    private let indexByID: [PlaceID: Int]
    private let everything: SphereKDTree
    /// `[everything]`, made once rather than for every query.
    private let everythingAlone: [SphereKDTree]
    private let byCategory: [PlaceCategory: SphereKDTree]
    private let byGroup: [PlaceCategoryGroup: SphereKDTree]
    /// Each place's folded names, for a name search's first pass (`NameFilter`).
    private let nameTexts: [String]

    // Extreme radii of curvature of WGS84: meridional at the equator, a(1−e²),
    // and prime-vertical at the poles, a/√(1−e²). Any geodesic of length s spans
    // an angle θ (on the unit sphere of geodetic lat/lon) with minR·θ ≤ s ≤ maxR·θ.
    private static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)
    public static let minRadiusOfCurvature = Geodesic.equatorialRadius * (1 - eccentricitySquared)
    public static let maxRadiusOfCurvature = Geodesic.equatorialRadius / (1 - eccentricitySquared).squareRoot()

    /// Unit vectors carry ~1e-16 of rounding: near a pole, points 0 m apart
    /// can differ by that in angle. 1e-9 rad (6 mm) more covers it; the
    /// geodesic filter afterwards keeps the answer exact.
    static let roundingSlack = 1e-9

    public init(places: [Place]) {
        var everything = SphereKDTree(points: places.enumerated().map { ($1.coordinate, Int32($0)) })
        // Places held in the tree's order: the few a query finds lie together
        // in memory, so measuring and copying them touches a few cache lines,
        // not one apiece.
        let places = everything.itemsInTreeOrder.map { places[Int($0)] }
        everything.numberItemsByPosition()
        self.everything = everything
        everythingAlone = [everything]
        self.places = places
        nameTexts = places.map(NameFilter.text(of:))
        var indexByID: [PlaceID: Int] = [:]
        var members: [PlaceCategory: [(coordinate: Coordinate, item: Int32)]] = [:]
        var groupMembers: [PlaceCategoryGroup: [(coordinate: Coordinate, item: Int32)]] = [:]
        for (i, place) in places.enumerated() {
            indexByID[place.id] = i
            // Once per tree even if a caller repeated a kind: a tree holding a place twice
            // would fill its k nearest with copies, and fewer than k distinct would read as "all there are".
            for category in Set(place.categories) { members[category, default: []].append((place.coordinate, Int32(i))) }
            for group in Set(place.categories.map(\.group)) { groupMembers[group, default: []].append((place.coordinate, Int32(i))) }
        }
        self.indexByID = indexByID
        byCategory = members.mapValues(SphereKDTree.init(points:))
        byGroup = groupMembers.mapValues(SphereKDTree.init(points:))
    }

    /// `places` in the order the index holds them, neighbours beside
    /// neighbours: written in this order, a store read in place (a
    /// GeoPackage, a PostGIS table) finds a neighbourhood's places on a few
    /// pages rather than on a page apiece.
    public static func inSpatialOrder(_ places: [Place]) -> [Place] {
        SphereKDTree(points: places.enumerated().map { ($1.coordinate, Int32($0)) }).itemsInTreeOrder.map { places[Int($0)] }
    }

    public convenience init(dataset: PlacesDataset) {
        self.init(places: dataset.places)
    }

    public var count: Int { places.count }

    public func place(id: PlaceID) -> Place? {
        indexByID[id].map { places[$0] }
    }

    /// Places within `radius` metres of `center`, in `categories` when given
    /// (any of them), nearest first (ties by name, then id), at most `limit`.
    /// With `name`, only places that may match it (a superset of its
    /// matches, for `PlaceQuery.answer` to decide and rank).
    public func places(
        near center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>? = nil, limit: Int? = nil,
        mayMatch name: NameQuery? = nil
    ) -> [PlaceHit] {
        guard radius > 0, limit.map({ $0 > 0 }) ?? true else { return [] }
        let trees = categories.map(trees(for:)) ?? everythingAlone
        let origin = GeodesicPoint(center)
        let normal = origin.normal
        let radiusAngle = radius / Self.minRadiusOfCurvature + Self.roundingSlack
        var bound = SphereKDTree.chordSquared(forAngle: radiusAngle)

        let candidates: [SphereKDTree.Hit]
        if let limit {
            let nearest = Self.unique(trees) { $0.nearest(to: normal, k: limit, maxChordSquared: bound) }
            if nearest.count < limit {
                // Fewer than k within the radius: these are all of them.
                candidates = nearest
            } else {
                // The k-th nearest by angle bounds the k-th nearest by distance; widen
                // by the curvature ratio and everything that could rank ≤ k is inside.
                let kth = nearest.map(\.chordSquared).sorted()[limit - 1]
                let widened =
                    SphereKDTree.angle(forChordSquared: kth) * Self.maxRadiusOfCurvature / Self.minRadiusOfCurvature + Self.roundingSlack
                bound = min(bound, SphereKDTree.chordSquared(forAngle: widened))
                candidates = Self.unique(trees) { $0.within(bound, of: normal) }
            }
        } else {
            candidates = Self.unique(trees) { $0.within(bound, of: normal) }
        }
        // Rank light (distance, index) pairs; a Place is copied only into the answer.
        var ranked: [(distance: Double, index: Int)] = []
        ranked.reserveCapacity(candidates.count)
        let filter = name.map(NameFilter.init)
        for candidate in candidates {
            let index = Int(candidate.item)
            if let filter, !filter.admits(nameTexts[index], categories: places[index].categories) { continue }
            // The candidate's own normal, not its place: the place is read only if it is kept.
            let distance =
                Geodesic.shortDistance(from: origin.position, to: EarthPosition(candidate.normal))
                ?? Geodesic.karney(from: center, to: places[index].coordinate)
            if distance <= radius {
                ranked.append((distance, index))
                places[index].prefetch()  // read while the rest are measured and sorted
            }
        }
        ranked.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            let (pa, pb) = (places[a.index], places[b.index])
            return (pa.name, pa.id) < (pb.name, pb.id)
        }
        return ranked.prefix(limit ?? ranked.count).map { PlaceHit(place: places[$0.index], distance: $0.distance) }
    }

    /// The fewest trees that hold exactly these kinds: a group's own for
    /// each group wholly asked for, a category's for the rest.
    private func trees(for categories: Set<PlaceCategory>) -> [SphereKDTree] {
        var rest = categories
        var trees: [SphereKDTree] = []
        for group in Set(categories.map(\.group)) {
            let kinds = group.categories
            guard kinds.count > 1, kinds.allSatisfy(categories.contains) else { continue }
            rest.subtract(kinds)
            if let tree = byGroup[group] { trees.append(tree) }
        }
        return trees + rest.compactMap { byCategory[$0] }
    }

    /// A place in two categories is in two trees; keep it once.
    private static func unique(_ trees: [SphereKDTree], _ search: (SphereKDTree) -> [SphereKDTree.Hit]) -> [SphereKDTree.Hit] {
        guard trees.count > 1 else { return trees.first.map(search) ?? [] }
        var seen = Set<Int32>()
        return trees.flatMap(search).filter { seen.insert($0.item).inserted }
    }
}
