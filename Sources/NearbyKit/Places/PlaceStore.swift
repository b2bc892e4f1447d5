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
    let indexByID: [PlaceID: Int]
    let everything: SphereKDTree
    /// `[everything]`, made once rather than for every query.
    let everythingAlone: [SphereKDTree]
    let byCategory: [PlaceCategory: SphereKDTree]
    let byGroup: [PlaceCategoryGroup: SphereKDTree]
    /// Each place's name words, cuisine and kinds, for name searches.
    let names: NameIndex
    /// The positions of places left out of every answer (`hiding`): another
    /// store holds them as they are now.
    let hidden: BitSet?

    // Extreme radii of curvature of WGS84: meridional at the equator, a(1−e²),
    // and prime-vertical at the poles, a/√(1−e²). Any geodesic of length s spans
    // an angle θ (on the unit sphere of geodetic lat/lon) with minR·θ ≤ s ≤ maxR·θ.
    static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)
    public static let minRadiusOfCurvature = Geodesic.equatorialRadius * (1 - eccentricitySquared)
    public static let maxRadiusOfCurvature = Geodesic.equatorialRadius / (1 - eccentricitySquared).squareRoot()

    /// Unit vectors carry ~1e-16 of rounding: near a pole, points 0 m apart
    /// can differ by that in angle. 1e-9 rad (6 mm) more covers it; the
    /// geodesic filter afterwards keeps the answer exact.
    static let roundingSlack = 1e-9

    /// Above this many places in its rarest word's several lists (a prefix's
    /// words, a typo's), a name search walks the whole spatial index instead
    /// (Benchmarks/places-new: autocomplete at a million places); 0: always.
    let mostCandidatesFromWords: Int

    public convenience init(places: [Place]) {
        self.init(places: places, mostCandidatesFromWords: 20_000)
    }

    init(places: [Place], mostCandidatesFromWords: Int) {
        self.mostCandidatesFromWords = mostCandidatesFromWords
        var everything = SphereKDTree(points: places.enumerated().map { ($1.coordinate, Int32($0)) })
        // Places held in the tree's order: the few a query finds lie together
        // in memory, so measuring and copying them touches a few cache lines,
        // not one apiece.
        let places = everything.itemsInTreeOrder.map { places[Int($0)] }
        everything.numberItemsByPosition()
        self.everything = everything
        everythingAlone = [everything]
        self.places = places
        names = NameIndex(places: places)
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
        hidden = nil
    }

    init(_ store: PlaceStore, hidden: BitSet) {
        mostCandidatesFromWords = store.mostCandidatesFromWords
        places = store.places
        indexByID = store.indexByID
        everything = store.everything
        everythingAlone = store.everythingAlone
        byCategory = store.byCategory
        byGroup = store.byGroup
        names = store.names
        self.hidden = hidden
    }

    /// This store with the places of these ids left out of every answer: the
    /// index is shared, not built again.
    public func hiding(_ ids: some Sequence<PlaceID>) -> PlaceStore {
        var hidden = self.hidden ?? BitSet(capacity: places.count)
        for id in ids { if let index = indexByID[id] { hidden.insert(Int32(index)) } }
        return PlaceStore(self, hidden: hidden)
    }

    /// The places it answers with: all of them, unless some are hidden.
    public var answeringPlaces: [Place] {
        guard let hidden else { return places }
        return places.indices.filter { !hidden.contains(Int32($0)) }.map { places[$0] }
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

    /// How many places it answers with.
    public var count: Int { places.count - (hidden?.count ?? 0) }

    public func place(id: PlaceID) -> Place? {
        guard let index = indexByID[id], hidden?.contains(Int32(index)) != true else { return nil }
        return places[index]
    }

    /// What a walk of a tree may take: every place, unless some are hidden.
    var unhidden: ((Int32) -> Bool)? {
        guard let hidden else { return nil }
        return { !hidden.contains($0) }
    }

    /// Places within `radius` metres of `center`, in `categories` when given
    /// (any of them), nearest first (ties by name, then id), at most `limit`.
    public func places(
        near center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>? = nil, limit: Int? = nil
    ) -> [PlaceHit] {
        guard radius > 0, limit.map({ $0 > 0 }) ?? true else { return [] }
        let trees = categories.map(trees(for:)) ?? everythingAlone
        let origin = GeodesicPoint(center)
        let admits = unhidden
        let candidates = Self.candidates(
            limit: limit, bound: Self.chordSquared(forRadius: radius),
            nearest: { k, bound in Self.unique(trees) { $0.nearest(to: origin.normal, k: k, maxChordSquared: bound, admits: admits) } },
            within: { bound in Self.unique(trees) { $0.within(bound, of: origin.normal, admits: admits) } })
        return hits(ranking: candidates, from: origin, within: radius, limit: limit)
    }

    /// Places matching a name search within `radius` metres of `center`, in
    /// `categories` when given and in none of `excluded`: all of them, or
    /// the best `limit` — best match first (`NameMatch`), nearest first
    /// within a match — returned nearest first (ties by name, then id), for
    /// `PlaceQuery.answer` to rank by match.
    ///
    /// Each way of matching, best first, takes the places that match no
    /// better the cheaper way: the spatial index walked among the places of
    /// the word index's lists, when the typed word with the fewest places
    /// has one list or few places, or the places every typed word has are
    /// few; else the whole spatial index, nearest first, each place asked of
    /// the word index whether it matches. Typing "b" or "boulangerie d" with
    /// no origin reads neither every place nor every bakery.
    public func places(
        named name: NameQuery, near center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>? = nil,
        excluding excluded: Set<PlaceCategory> = [], limit: Int? = nil
    ) -> [PlaceHit] {
        guard radius > 0, limit.map({ $0 > 0 }) ?? true, !name.isEmpty else { return [] }
        let search = names.search(name, in: categories, excluding: excluded)
        let trees = categories.map(trees(for:)) ?? everythingAlone
        let origin = GeodesicPoint(center)
        let bound = Self.chordSquared(forRadius: radius)
        var found: [(distance: Double, index: Int)] = []
        // Without a limit every match is wanted, and one pass takes them all.
        for level in limit == nil ? [nil] : [NameMatch.word, .prefix, .kind, .typo] {
            let wanted = limit.map { $0 - found.count }
            if wanted == 0 { break }
            let admits: (Int32) -> Bool = { [names, hidden] item in
                if let hidden, hidden.contains(item) { return false }
                guard let match = names.match(Int(item), search) else { return false }
                return level.map { match == $0 } ?? true
            }
            let upTo = level ?? .typo
            let runs = search.lookups.map { names.candidates($0, upTo: upTo) }
                .map { (runs: $0, count: $0.reduce(0) { $0 + $1.count }) }.sorted { $0.count < $1.count }
            // One word's list is in order already, whatever its length; several are gathered if few.
            var among: ArraySlice<Int32>?
            if mostCandidatesFromWords > 0 {
                among = Self.increasing(runs[0].runs) ?? (runs[0].count <= mostCandidatesFromWords ? union(runs[0].runs) : nil)
            }
            var admitted = admits
            if among == nil, runs.count > 1 {
                // Every word has many places; those they all share may yet be few.
                let shared = sharedPlaces(runs.map(\.runs))
                if shared.count <= mostCandidatesFromWords {
                    among = shared.members[...]
                } else {
                    admitted = { shared.contains($0) && admits($0) }
                }
            }
            let candidates: [SphereKDTree.Hit]
            if let among {
                candidates = Self.candidates(
                    limit: wanted, bound: bound,
                    nearest: { [everything] k, bound in
                        everything.nearest(to: origin.normal, k: k, maxChordSquared: bound, among: among, admits: admits)
                    },
                    within: { [everything] bound in everything.within(bound, of: origin.normal, among: among, admits: admits) })
            } else {
                candidates = Self.candidates(
                    limit: wanted, bound: bound,
                    nearest: { k, bound in
                        Self.unique(trees) { $0.nearest(to: origin.normal, k: k, maxChordSquared: bound, admits: admitted) }
                    },
                    within: { bound in Self.unique(trees) { $0.within(bound, of: origin.normal, admits: admitted) } })
            }
            found += ranked(candidates, from: origin, within: radius, limit: wanted)
        }
        found.sort { a, b in a.distance != b.distance ? a.distance < b.distance : areInNameOrder(a.index, b.index) }
        return found.map { PlaceHit(place: places[$0.index], distance: $0.distance) }
    }

    static func chordSquared(forRadius radius: Double) -> Double {
        SphereKDTree.chordSquared(forAngle: radius / minRadiusOfCurvature + roundingSlack)
    }

    /// The candidates that may rank among the `limit` nearest (all within
    /// `bound`, without one): the k nearest by angle, and then every one
    /// near enough that the ellipsoid could rank it before the k-th.
    static func candidates(
        limit: Int?, bound: Double, nearest: (Int, Double) -> [SphereKDTree.Hit], within: (Double) -> [SphereKDTree.Hit]
    ) -> [SphereKDTree.Hit] {
        guard let limit else { return within(bound) }
        let nearest = nearest(limit, bound)
        // Fewer than k within the radius: these are all of them.
        guard nearest.count >= limit else { return nearest }
        return within(min(bound, widened(nearest.map(\.chordSquared).sorted()[limit - 1])))
    }

    /// The k-th nearest by angle bounds the k-th nearest by distance: widened by
    /// the curvature ratio, the bound holds everything that could rank ≤ k.
    static func widened(_ kth: Double) -> Double {
        SphereKDTree.chordSquared(
            forAngle: SphereKDTree.angle(forChordSquared: kth) * maxRadiusOfCurvature / minRadiusOfCurvature + roundingSlack)
    }

    func hits(ranking candidates: [SphereKDTree.Hit], from origin: GeodesicPoint, within radius: Double, limit: Int?) -> [PlaceHit] {
        ranked(candidates, from: origin, within: radius, limit: limit).map { PlaceHit(place: places[$0.index], distance: $0.distance) }
    }

    /// The candidates within `radius` by geodesic distance, nearest first (ties by name, then id), at most `limit`.
    func ranked(
        _ candidates: [SphereKDTree.Hit], from origin: GeodesicPoint, within radius: Double, limit: Int?
    ) -> [(distance: Double, index: Int)] {
        // Rank light (distance, index) pairs; a Place is copied only into the answer.
        var ranked: [(distance: Double, index: Int)] = []
        ranked.reserveCapacity(candidates.count)
        for candidate in candidates {
            let index = Int(candidate.item)
            // The candidate's own normal, not its place: the place is read only if it is kept.
            let distance =
                Geodesic.shortDistance(from: origin.position, to: EarthPosition(candidate.normal))
                ?? Geodesic.karney(from: origin.coordinate, to: places[index].coordinate)
            if distance <= radius {
                ranked.append((distance, index))
                places[index].prefetch()  // read while the rest are measured and sorted
            }
        }
        ranked.sort { a, b in a.distance != b.distance ? a.distance < b.distance : areInNameOrder(a.index, b.index) }
        return Array(ranked.prefix(limit ?? ranked.count))
    }

    /// Equally far: by name, then id.
    func areInNameOrder(_ a: Int, _ b: Int) -> Bool {
        (places[a].name, places[a].id) < (places[b].name, places[b].id)
    }

    /// The fewest trees that hold exactly these kinds: a group's own for
    /// each group wholly asked for, a category's for the rest.
    func trees(for categories: Set<PlaceCategory>) -> [SphereKDTree] {
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
    static func unique(_ trees: [SphereKDTree], _ search: (SphereKDTree) -> [SphereKDTree.Hit]) -> [SphereKDTree.Hit] {
        guard trees.count > 1 else { return trees.first.map(search) ?? [] }
        var seen = Set<Int32>()
        return trees.flatMap(search).filter { seen.insert($0.item).inserted }
    }
}
