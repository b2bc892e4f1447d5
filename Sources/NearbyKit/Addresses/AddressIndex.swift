import Foundation

/// Answers "what is the address here" from `AddressSources`, in memory:
/// streets and address points filed in a fine grid, areas in a coarse one
/// with their edges banded, `place=*` nodes in a grid of their own.
///
/// The rules, in order (a part comes from the first rule that knows it;
/// docs/ADDRESSES.md says why each distance is what it is):
/// 1. the place's own `addr:*` tags (given by the caller);
/// 2. the smallest addressed outline the position lies in — unless an
///    element naming a street lies within `pointReachInBuilding` inside it;
/// 3. the nearest element naming a street (a node, or the edge of an
///    addressed outline) within `pointReach` with no named street between
///    it and the position;
/// 4. the nearest named street within `streetReach`, its distance weighed
///    by its kind, without a number;
/// 5. the areas the position lies in, by the country's admin levels, then
///    `place=*` areas, then the nearest `place=*` node within its rank's
///    reach; the postcode from a postal boundary, the town's own code or the
///    nearest addressed neighbours; the country from the level 2 boundary,
///    `addr:country`, or the neighbours.
public struct AddressIndex: Sendable {
    public static let pointReach = 10.0
    /// Rule 3's reach inside an addressed building, where no street can
    /// come between: the larger.
    public static let pointReachInBuilding = 15.0
    public static let streetReach = 100.0
    public static let neighbourReach = 1_000.0
    /// How far a candidate can be for any rule: what a store must hand over
    /// around a position (`AddressSources` within this, areas that contain it).
    public static let reach = PlaceRank.allCases.map(\.reach).max()!

    struct Segment {
        var street: Int32
        var a: LonLat
        var b: LonLat
    }

    public let sources: AddressSources
    let segments: [Segment]
    let streetBoxes: [BoundingBox]
    let streetGrid: CellGrid
    /// Squares and pedestrian areas, by street index: what lies inside one is on it.
    let squares: [Int: BandedPolygon]
    let squareGrid: CellGrid
    let pointGrid: CellGrid
    let outlines: [BandedPolygon?]
    let areaShapes: [BandedPolygon?]
    let areaLabels: [LonLat?]
    let areaGrid: CellGrid
    let placeGrid: CellGrid

    /// Sources in any order: they are put in element order first, so that
    /// of two equally good candidates the one with the lower id wins,
    /// whichever subset of the sources an index holds (a store hands over
    /// only what lies around a position).
    public init(_ sources: AddressSources) {
        var sources = sources
        sources.sort()
        self.sources = sources
        var segments: [Segment] = []
        var streetGrid = CellGrid(cellDegrees: 0.002)
        var streetBoxes: [BoundingBox] = []
        var squares: [Int: BandedPolygon] = [:]
        var squareGrid = CellGrid(cellDegrees: 0.002)
        for (index, street) in sources.streets.enumerated() {
            if street.kind == .square, let shape = BandedPolygon(street.lines.map { [$0] }) {
                squares[index] = shape
                squareGrid.insert(Int32(index), box: shape.box)
            }
            streetBoxes.append(
                BoundingBox(street.lines.joined()) ?? BoundingBox(minLongitude: 0, minLatitude: 0, maxLongitude: 0, maxLatitude: 0))
            if street.kind == .nameOnly { continue }
            for line in street.lines {
                for (a, b) in zip(line, line.dropFirst()) {
                    streetGrid.insert(Int32(segments.count), from: a, to: b)
                    segments.append(Segment(street: Int32(index), a: a, b: b))
                }
                if line.count == 1 {
                    streetGrid.insert(Int32(segments.count), box: BoundingBox(line)!)
                    segments.append(Segment(street: Int32(index), a: line[0], b: line[0]))
                }
            }
        }
        var pointGrid = CellGrid(cellDegrees: 0.002)
        var outlines: [BandedPolygon?] = []
        for (index, point) in sources.points.enumerated() {
            let shape = point.outline.isEmpty ? nil : BandedPolygon(point.outline)
            outlines.append(shape)
            pointGrid.insert(Int32(index), box: shape?.box ?? BoundingBox([point.position])!)
        }
        var areaGrid = CellGrid(cellDegrees: 0.05, maxCells: 256)
        var areaShapes: [BandedPolygon?] = []
        var areaLabels: [LonLat?] = []
        for (index, area) in sources.areas.enumerated() {
            let shape = BandedPolygon(area.polygons)
            areaShapes.append(shape)
            areaLabels.append(area.label)
            guard let shape else { continue }
            areaGrid.insert(Int32(index), box: shape.box)
        }
        var placeGrid = CellGrid(cellDegrees: 0.05)
        for (index, node) in sources.placeNodes.enumerated() { placeGrid.insert(Int32(index), box: BoundingBox([node.position])!) }
        self.segments = segments
        self.streetBoxes = streetBoxes
        self.streetGrid = streetGrid
        self.squares = squares
        self.squareGrid = squareGrid
        self.pointGrid = pointGrid
        self.outlines = outlines
        self.areaShapes = areaShapes
        self.areaLabels = areaLabels
        self.areaGrid = areaGrid
        self.placeGrid = placeGrid
    }

    /// The address at a position, starting from what the place says of
    /// itself (`own`, rule 1); nil when no rule knows anything. Elements in
    /// `excluding` are not used (to derive a place's address as if it had
    /// no tags of its own).
    public func resolve(
        at position: LonLat, own: [AddressComponent] = [], excluding: Set<PlaceID> = [], language: String? = nil
    ) -> ResolvedAddress? {
        var work = AddressWork(position: position, language: language, excluding: excluding)
        return resolve(&work, own: own)
    }

    /// The address, and what the coverage aims are measured against:
    /// whether the position lies in a populated area (a town or district
    /// boundary, a `place=*` area, or within 1 km of a `place=*` node) and
    /// whether a named street is within `streetReach` — from the same
    /// searches where the rules made them.
    public func resolveAndMeasure(at position: LonLat, own: [AddressComponent] = []) -> (
        address: ResolvedAddress?, populated: Bool, nearStreet: Bool
    ) {
        var work = AddressWork(position: position, language: nil, excluding: [])
        let address = resolve(&work, own: own)
        let nearStreet = work.streetWithinReach ?? (nearestStreet(to: position, within: Self.streetReach, &work) != nil)
        return (address, populated(position, inside: work.inside), nearStreet)
    }

    func resolve(_ work: inout AddressWork, own: [AddressComponent]) -> ResolvedAddress? {
        let position = work.position
        for component in own { work.add(component, origin: nil) }
        if work.needsStreet, let (index, shape) = smallestOutline(containing: position, &work) {
            // An element inside the building a few metres away says more than the building's own address (one with several fronts).
            if let inner = nearestAddressPoint(to: position, &work, inside: shape) {
                let point = sources.points[inner]
                work.take(point.address, rule: .addressPoint, origin: AddressOrigin(id: point.id, location: point.position))
            }
            let point = sources.points[index]
            work.take(point.address, rule: .building, origin: AddressOrigin(id: point.id, location: point.position, bounds: shape.box))
        }
        if work.needsStreet, let index = nearestAddressPoint(to: position, &work) {
            let point = sources.points[index]
            work.take(point.address, rule: .addressPoint, origin: AddressOrigin(id: point.id, location: point.position))
        }
        if work.needsStreet {
            let found = nearestStreet(to: position, within: Self.streetReach, &work)
            work.streetWithinReach = found != nil
            guard let (street, location) = found else {
                addAreas(&work)
                return work.result()
            }
            work.dropLoneNumber()
            let named = sources.streets[street]
            work.add(
                AddressComponent(.route, named.name, rule: .street),
                origin: AddressOrigin(id: named.id, location: location, bounds: streetBoxes[street]))
        }
        addAreas(&work)
        return work.result()
    }

    /// Whether the position is in a populated area (`resolveAndMeasure`).
    func populated(_ p: LonLat, inside: [Int]) -> Bool {
        let country = inside.first { sources.areas[$0].kind == .administrative(level: 2) }.flatMap { sources.areas[$0].code }
        let levels = AdminLevels.of(country: country)
        let populatedLevels = Set(levels.locality + levels.sublocality + levels.localityFallback)
        var populated = inside.contains { index in
            switch sources.areas[index].kind {
            case .administrative(let level): populatedLevels.contains(level)
            case .place: true
            case .postalCode: false
            }
        }
        if !populated {
            let frame = PlanarFrame(p)
            let span = frame.degrees(1_000)
            placeGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
                let node = sources.placeNodes[Int(item)]
                let q = frame.point(node.position)
                if node.rank.namesAddresses, (q.x * q.x + q.y * q.y).squareRoot() <= 1_000 { populated = true }
            }
        }
        return populated
    }

    /// Less is better; of equals, the lower index (the lower element id).
    static func better(_ value: Double, _ index: Int, than best: (value: Double, index: Int)?) -> Bool {
        guard let best else { return true }
        return value < best.value || (value == best.value && index < best.index)
    }

}
