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

    private struct Segment {
        var street: Int32
        var a: LonLat
        var b: LonLat
    }

    public let sources: AddressSources
    private let segments: [Segment]
    private let streetBoxes: [BoundingBox]
    private let streetGrid: CellGrid
    /// Squares and pedestrian areas, by street index: what lies inside one is on it.
    private let squares: [Int: BandedPolygon]
    private let squareGrid: CellGrid
    private let pointGrid: CellGrid
    private let outlines: [BandedPolygon?]
    private let areaShapes: [BandedPolygon?]
    private let areaLabels: [LonLat?]
    private let areaGrid: CellGrid
    private let placeGrid: CellGrid

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
        var work = Work(position: position, language: language, excluding: excluding)
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
        var work = Work(position: position, language: nil, excluding: [])
        let address = resolve(&work, own: own)
        let nearStreet = work.streetWithinReach ?? (nearestStreet(to: position, within: Self.streetReach, &work) != nil)
        return (address, populated(position, inside: work.inside), nearStreet)
    }

    private func resolve(_ work: inout Work, own: [AddressComponent]) -> ResolvedAddress? {
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
    private func populated(_ p: LonLat, inside: [Int]) -> Bool {
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
                let q = frame.point(sources.placeNodes[Int(item)].position)
                if (q.x * q.x + q.y * q.y).squareRoot() <= 1_000 { populated = true }
            }
        }
        return populated
    }

    /// Less is better; of equals, the lower index (the lower element id).
    private static func better(_ value: Double, _ index: Int, than best: (value: Double, index: Int)?) -> Bool {
        guard let best else { return true }
        return value < best.value || (value == best.value && index < best.index)
    }

    // MARK: - Rules 2 to 4

    private func smallestOutline(containing p: LonLat, _ work: inout Work) -> (Int, BandedPolygon)? {
        var best: (Int, BandedPolygon)?
        pointGrid.items(around: p, latitudeDegrees: 0, longitudeDegrees: 0) { item in
            let index = Int(item)
            guard let shape = outlines[index], shape.contains(p), work.allows(sources.points[index].id) else { return }
            if Self.better(shape.box.area, index, than: best.map { ($0.1.box.area, $0.0) }) { best = (index, shape) }
        }
        return best
    }

    /// The nearest element naming a street within `pointReach` — a node,
    /// or an addressed outline (as near as its wall; no distance at all from
    /// within it, where rule 2 took a smaller one that names no street) —
    /// with no named street between it and the position. With `inside`,
    /// only the nodes within that outline, within `pointReachInBuilding`.
    private func nearestAddressPoint(to p: LonLat, _ work: inout Work, inside outline: BandedPolygon? = nil) -> Int? {
        let frame = PlanarFrame(p)
        let reach = outline == nil ? Self.pointReach : Self.pointReachInBuilding
        let span = frame.degrees(reach)
        var best: (index: Int, distance: Double, x: Double, y: Double)?
        pointGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let index = Int(item)
            let point = sources.points[index]
            guard point.namesStreet, work.allows(point.id) else { return }
            if let outline, !point.outline.isEmpty || !outline.contains(point.position) { return }
            let nearest: (distance: Double, x: Double, y: Double)
            if point.outline.isEmpty {
                nearest = Self.distance(to: frame.point(point.position))
            } else if outlines[index]?.contains(p) == true {
                nearest = (0, 0, 0)
            } else {
                nearest = Self.nearest(on: point.outline, frame)
            }
            guard nearest.distance <= reach, Self.better(nearest.distance, index, than: best.map { ($0.distance, $0.index) })
            else { return }
            best = (index, nearest.distance, nearest.x, nearest.y)
        }
        guard let best else { return nil }
        return streetBetween(p, frame.position(x: best.x, y: best.y), frame) ? nil : best.index
    }

    private static func distance(to q: (x: Double, y: Double)) -> (distance: Double, x: Double, y: Double) {
        ((q.x * q.x + q.y * q.y).squareRoot(), q.x, q.y)
    }

    /// The point of an outline's rings nearest the frame's origin.
    private static func nearest(on outline: [Polygon], _ frame: PlanarFrame) -> (distance: Double, x: Double, y: Double) {
        var best = (distance: Double.infinity, x: 0.0, y: 0.0)
        for ring in outline.joined() {
            for (a, b) in zip(ring, ring.dropFirst()) {
                let nearest = PlanarFrame.nearest(onSegment: frame.point(a), frame.point(b))
                if nearest.distance < best.distance { best = nearest }
            }
        }
        return best
    }

    /// Whether a named street crosses the line from `a` to `b`: a number
    /// across the street belongs to the other side.
    private func streetBetween(_ a: LonLat, _ b: LonLat, _ frame: PlanarFrame) -> Bool {
        let span = frame.degrees(Self.pointReach)
        let (pa, pb) = (frame.point(a), frame.point(b))
        var crossed = false
        streetGrid.items(around: a, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            guard !crossed else { return }
            let segment = segments[Int(item)]
            crossed = PlanarFrame.crosses(pa, pb, frame.point(segment.a), frame.point(segment.b))
        }
        return crossed
    }

    /// The square the position lies on, else the street whose distance,
    /// weighed by its kind (a footpath's counts three times), is least.
    private func nearestStreet(to p: LonLat, within reach: Double, _ work: inout Work) -> (Int, LonLat)? {
        var square: (index: Int, area: Double)?
        squareGrid.items(around: p, latitudeDegrees: 0, longitudeDegrees: 0) { item in
            let index = Int(item)
            guard let shape = squares[index], shape.contains(p), work.allows(sources.streets[index].id) else { return }
            if Self.better(shape.box.area, index, than: square.map { ($0.area, $0.index) }) { square = (index, shape.box.area) }
        }
        if let square { return (square.index, p) }
        let frame = PlanarFrame(p)
        let span = frame.degrees(reach)
        var best: (segment: Int, score: Double, x: Double, y: Double)?
        streetGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let segment = segments[Int(item)]
            let nearest = PlanarFrame.nearest(onSegment: frame.point(segment.a), frame.point(segment.b))
            let street = sources.streets[Int(segment.street)]
            let score = nearest.distance * street.kind.weight
            guard nearest.distance <= reach, Self.better(score, Int(item), than: best.map { ($0.score, $0.segment) }),
                work.allows(street.id)
            else { return }
            best = (Int(item), score, nearest.x, nearest.y)
        }
        guard let best else { return nil }
        return (Int(segments[best.segment].street), frame.position(x: best.x, y: best.y))
    }

    // MARK: - Rule 5

    /// The areas that hold the position, by index, each once.
    private func areas(containing p: LonLat, _ work: inout Work) -> [Int] {
        var inside: [Int] = []
        func consider(_ item: Int32) {
            let index = Int(item)
            guard let shape = areaShapes[index], shape.contains(p), work.allows(sources.areas[index].id) else { return }
            inside.append(index)
        }
        areaGrid.items(around: p, latitudeDegrees: 0, longitudeDegrees: 0, consider)
        return Array(Set(inside)).sorted()
    }

    private func addAreas(_ work: inout Work) {
        let inside = areas(containing: work.position, &work)
        work.inside = inside

        var levels: [Int: Int] = [:]
        var placeAreas: [(rank: PlaceRank, index: Int)] = []
        var postal: Int?
        for index in inside {
            switch sources.areas[index].kind {
            case .administrative(let level):
                if let other = levels[level], areaShapes[other]!.box.area <= areaShapes[index]!.box.area { continue }
                levels[level] = index
            case .postalCode:
                if postal == nil || areaShapes[index]!.box.area < areaShapes[postal!]!.box.area { postal = index }
            case .place(let rank):
                placeAreas.append((rank, index))
            }
        }
        placeAreas.sort { $0.rank > $1.rank || ($0.rank == $1.rank && areaShapes[$0.index]!.box.area < areaShapes[$1.index]!.box.area) }

        if work.parts[.country] == nil, let index = levels[2] { addArea(.country, index, &work) }
        let admin = AdminLevels.of(country: work.countryCode)
        if let level = admin.region, let index = levels[level] {
            addArea(.administrativeAreaLevel1, index, &work)
        }
        if let level = admin.county, let index = levels[level] {
            addArea(.administrativeAreaLevel2, index, &work)
        }
        let localityArea = admin.locality.lazy.compactMap { levels[$0] }.first
        if let index = localityArea { addArea(.locality, index, &work) }
        if let index = admin.sublocality.lazy.compactMap({ levels[$0] }).first {
            addArea(.sublocality, index, &work)
        }
        for (rank, index) in placeAreas {
            let kind: AddressComponent.Kind = rank.isLocality ? .locality : rank == .neighbourhood ? .neighborhood : .sublocality
            addArea(kind, index, &work)
        }
        addPlaceNodes(&work)
        if let index = admin.localityFallback.lazy.compactMap({ levels[$0] }).first {
            addArea(.locality, index, &work)
        }
        if work.parts[.postalCode] == nil, let index = postal {
            let area = sources.areas[index]
            if let code = area.postcode {
                work.add(AddressComponent(.postalCode, code, rule: .area), origin: areaOrigin(index))
            }
        }
        if work.parts[.postalCode] == nil, let index = localityArea, let code = sources.areas[index].postcode {
            work.add(AddressComponent(.postalCode, code, rule: .area), origin: areaOrigin(index))
        }
        if work.parts[.postalCode] == nil || work.parts[.country] == nil { addNeighbours(&work) }
    }

    private func areaOrigin(_ index: Int) -> AddressOrigin {
        AddressOrigin(
            id: sources.areas[index].id, location: areaLabels[index] ?? areaShapes[index]!.box.centre, bounds: areaShapes[index]!.box)
    }

    private func addArea(_ kind: AddressComponent.Kind, _ index: Int, _ work: inout Work) {
        work.addArea(kind, sources.areas[index], origin: areaOrigin(index))
    }

    private func addPlaceNodes(_ work: inout Work) {
        let p = work.position
        let frame = PlanarFrame(p)
        let span = frame.degrees(Self.reach)
        var best: [AddressComponent.Kind: (index: Int, score: Double)] = [:]
        placeGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let index = Int(item)
            let node = sources.placeNodes[index]
            let kind: AddressComponent.Kind = node.rank.isLocality ? .locality : node.rank == .neighbourhood ? .neighborhood : .sublocality
            guard work.parts[kind] == nil, work.allows(node.id) else { return }
            let q = frame.point(node.position)
            let score = (q.x * q.x + q.y * q.y).squareRoot() / node.rank.reach
            guard score <= 1, Self.better(score, index, than: best[kind].map { ($0.score, $0.index) }) else { return }
            best[kind] = (index, score)
        }
        for (kind, found) in best.sorted(by: { $0.key < $1.key }) {
            let node = sources.placeNodes[found.index]
            work.add(
                AddressComponent(kind, work.name(node.name, node.names), rule: .placeNode),
                origin: AddressOrigin(id: node.id, location: node.position))
        }
    }

    /// The rings the nearest addressed neighbours are looked for in: the
    /// first holding three, else any in the last; the five nearest in it vote.
    private static let neighbourRings = [150.0, 400, neighbourReach]

    /// The addressed elements with a postcode or a country within `reach`
    /// that agree with the address so far, nearest first, each once.
    private func neighbours(of work: Work, within reach: Double) -> [(distance: Double, index: Int)] {
        let p = work.position
        let frame = PlanarFrame(p)
        let span = frame.degrees(reach)
        var found: [(distance: Double, index: Int)] = []
        pointGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let index = Int(item)
            let point = sources.points[index]
            guard point.address["postcode"] != nil || point.address["country"] != nil, work.allows(point.id),
                work.agrees(with: point.address)
            else { return }
            let q = frame.point(point.position)
            let distance = (q.x * q.x + q.y * q.y).squareRoot()
            if distance <= reach { found.append((distance, index)) }
        }
        var seen = Set<Int>()
        return found.sorted { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index) }
            .filter { seen.insert($0.index).inserted }
    }

    /// How near `position` an addressed element must be to change what its
    /// nearest addressed neighbours give an address whose other parts are
    /// `address`'s, the elements in `excluding` left out: one farther is
    /// not among the five nearest of the ring that votes, nor makes a
    /// nearer ring hold three (the voting ring holds five or more: the
    /// fifth's distance; fewer: the ring's reach). An update derives again
    /// only the places a changed element comes that near.
    public func neighboursReach(at position: LonLat, address: PostalAddress?, excluding: Set<PlaceID>) -> Double {
        var work = Work(position: position, language: nil, excluding: excluding)
        for component in address?.components ?? [] where component.rule != .neighbours { work.add(component, origin: nil) }
        for reach in Self.neighbourRings {
            let found = neighbours(of: work, within: reach)
            if found.count >= 5 { return found[4].distance }
            if found.count >= 3 { return reach }
        }
        return Self.neighbourReach
    }

    /// The postcode (and country) most of the nearest addressed neighbours
    /// give, looked for at growing distances.
    private func addNeighbours(_ work: inout Work) {
        for reach in Self.neighbourRings {
            let found = neighbours(of: work, within: reach)
            guard found.count >= 3 || (reach == Self.neighbourReach && !found.isEmpty) else { continue }
            let nearest = found.prefix(5)
            for (key, kind) in [("postcode", AddressComponent.Kind.postalCode), ("country", .country)] where work.parts[kind] == nil {
                var votes: [String: (count: Int, first: Int)] = [:]
                for (rank, neighbour) in nearest.enumerated() {
                    guard let value = sources.points[neighbour.index].address[key] else { continue }
                    votes[value, default: (0, rank)].count += 1
                }
                guard
                    let winner = votes.max(by: {
                        $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.value.first > $1.value.first
                    })
                else { continue }
                let from = sources.points[nearest[nearest.startIndex + winner.value.first].index]
                let origin = AddressOrigin(id: from.id, location: from.position)
                if kind == .country {
                    let code = winner.key.uppercased()
                    guard code.count == 2 else { continue }
                    work.add(
                        AddressComponent(
                            .country, AddressTags.countryName(code, language: work.language), shortName: code, rule: .neighbours),
                        origin: origin)
                } else {
                    work.add(AddressComponent(.postalCode, winner.key, rule: .neighbours), origin: origin)
                }
            }
            return
        }
    }
}

/// The parts found so far for one position.
private struct Work {
    let position: LonLat
    let language: String?
    let excluding: Set<PlaceID>
    var parts: [AddressComponent.Kind: AddressComponent] = [:]
    var origins: [AddressComponent.Kind: AddressOrigin] = [:]
    /// The areas that hold the position, once rule 5 has looked.
    var inside: [Int] = []
    /// Whether rule 4 found a street within reach; nil if it did not look.
    var streetWithinReach: Bool?

    init(position: LonLat, language: String?, excluding: Set<PlaceID>) {
        self.position = position
        self.language = language
        self.excluding = excluding
    }

    var needsStreet: Bool { parts[.route] == nil }
    var countryCode: String? { parts[.country].flatMap { $0.shortName.count == 2 ? $0.shortName : nil } }

    func allows(_ id: PlaceID) -> Bool { excluding.isEmpty || !excluding.contains(id) }

    mutating func add(_ component: AddressComponent, origin: AddressOrigin?) {
        guard parts[component.kind] == nil else { return }
        parts[component.kind] = component
        if let origin { origins[component.kind] = origin }
    }

    mutating func take(_ address: [String: String], rule: AddressRule, origin: AddressOrigin) {
        // A number comes only with its own street.
        let hasStreet = parts[.route] == nil && (address["street"] ?? address["place"]) != nil
        for component in AddressTags.components(address, rule: rule, language: language) {
            if component.kind == .streetNumber, !hasStreet { continue }
            add(component, origin: origin)
        }
    }

    /// A number whose street no rule knows is not put beside another street.
    mutating func dropLoneNumber() {
        if parts[.route] == nil {
            parts[.streetNumber] = nil
            origins[.streetNumber] = nil
        }
    }

    /// Whether a neighbour's own town and country are this address's: a
    /// postcode is not borrowed across a border.
    func agrees(with address: [String: String]) -> Bool {
        if let city = address["city"], let locality = parts[.locality], !AddressAccuracy.Score.same(city, locality.longName),
            !(parts[.sublocality].map { AddressAccuracy.Score.same(city, $0.longName) } ?? false)
        {
            return false
        }
        if let country = address["country"], let code = countryCode, country.uppercased() != code { return false }
        return true
    }

    func name(_ name: String, _ names: [String: String]) -> String {
        language.flatMap { names[$0] } ?? name
    }

    mutating func addArea(_ kind: AddressComponent.Kind, _ area: AddressArea, origin: AddressOrigin) {
        guard parts[kind] == nil, !area.name.isEmpty else { return }
        var long = name(area.name, area.names)
        var short = long
        if kind == .country {
            long = area.names[language ?? "en"] ?? area.name
            if let code = area.code, code.count == 2 { short = code.uppercased() }
        } else if kind == .administrativeAreaLevel1, let code = area.code, let dash = code.firstIndex(of: "-") {
            short = String(code[code.index(after: dash)...])
        }
        add(AddressComponent(kind, long, shortName: short, rule: .area), origin: origin)
    }

    func result() -> ResolvedAddress? {
        guard !parts.isEmpty else { return nil }
        if parts[.streetNumber] != nil, parts[.route] == nil {
            var trimmed = self
            trimmed.dropLoneNumber()
            return trimmed.result()
        }
        return ResolvedAddress(address: PostalAddress(components: Array(parts.values)), origins: origins)
    }
}
