import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// Brings a store forward by change files touching only what they reach,
/// so that it answers exactly as an import of the newer extract would:
///
/// 1. the changed elements are applied to the elements the store keeps
///    (`UpdateTables.apply`);
/// 2. what they reach is found: the ways using a changed node, the relations
///    holding a changed way or node — a building moves when only its nodes
///    do — and, until nothing more is found, the areas a reached node may
///    fold into (or was folded into) and the nodes a reached area may fold,
///    as `NodeAreaMerge` pairs a node with an area of its name and kind;
/// 3. those elements alone are exported again by osmium from the kept
///    elements and read as the import reads them (`FeatureCollector`),
///    replacing their places, areas and those address sources that differ;
/// 4. the addresses of the new places are derived, and those of the places
///    standing within reach of an address source that changed
///    (`reachOfSources`), each from the sources around it in the store as it
///    now is — of those whose postcode or country their nearest addressed
///    neighbours give, only the ones a changed neighbour comes near enough
///    to vote for (`AddressIndex.neighboursReach`).
public struct IncrementalUpdate {
    public var osmium: URL

    public init(osmium: URL) {
        self.osmium = osmium
    }

    /// The places a change removed, and what replaced them (an id in both is
    /// a place that changed, or was exported again unchanged).
    public struct Outcome: Sendable {
        public var before: [Place] = []
        public var after: [Place] = []
        /// The address sources removed, added or written again.
        public var sourceIDs: Set<PlaceID> = []
        /// The changed elements left out, older than the version the store holds (`n12 v3`).
        public var older: [String] = []
    }

    public func run(_ changes: [URL], on store: some UpdateTables, scratch: URL) async throws -> Outcome {
        var outcome = Outcome()
        var reach = Set<PlaceID>()
        var changedNodes = Set<Int64>()
        var changedWays = Set<Int64>()
        var read: [OSMElement] = []
        try ElementReader(osmium: osmium).changes(changes) { element in
            var kept = element
            if !kept.tags.isEmpty, !ElementReader.isRelevant(kept) { kept.tags = "" }
            read.append(kept)
        }
        let applied = try await store.apply(read)
        if applied.count < read.count {
            let kept = Set(applied.map { "\($0.placeID) v\($0.version)" })
            outcome.older = read.map { "\($0.placeID) v\($0.version)" }.filter { !kept.contains($0) }
        }
        for element in applied {
            reach.insert(element.placeID)
            switch element.kind {
            case .node: changedNodes.insert(element.id)
            case .way: changedWays.insert(element.id)
            case .relation: break
            }
        }
        let ways = try await store.ways(using: changedNodes).union(changedWays)
        reach.formUnion(ways.map { "w\($0)" })
        reach.formUnion(try await store.relations(holding: Set(ways.map { "w\($0)" } + changedNodes.map { "n\($0)" })).map { "r\($0)" })

        // Exported until the node/area pairs the reach may make or break are all in it.
        var collector: FeatureCollector
        var before: [PlaceID: Place] = [:]
        var beforeAreas: [PlaceID: AreaPlace] = [:]
        while true {
            collector = try await export(reach, from: store, scratch: scratch)
            for place in try await store.places(reach.filter { before[$0] == nil }) { before[place.id] = place }
            for area in try await store.areaPlaces(reach) { beforeAreas[area.id] = area }
            var more = Set<PlaceID>()
            let nodes = (collector.places + Array(before.values)).filter { $0.id.hasPrefix("n") }
            var areasByName: [String: [AreaPlace]] = [:]
            for area in try await store.areaPlaces(named: Set(nodes.map(\.name))) { areasByName[area.name, default: []].append(area) }
            for node in nodes {
                let position = LonLat(node.coordinate.longitude, node.coordinate.latitude)
                for area in areasByName[node.name] ?? [] where area.category == node.category && area.box.contains(position) {
                    more.insert(area.id)
                }
            }
            for area in beforeAreas.values {
                more.insert(area.id)
                if let node = area.foldedInto { more.insert(node) }
            }
            let areas = collector.areas.areaPlaces(collector.places, folded: [:]) + Array(beforeAreas.values)
            var nodesByName: [String: [Place]] = [:]
            for node in try await store.places(in: areas.map(\.box), neighbourly: false, excluding: []) where node.id.hasPrefix("n") {
                nodesByName[node.name, default: []].append(node)
            }
            for area in areas {
                for node in nodesByName[area.name] ?? [] where node.category == area.category {
                    if area.box.contains(LonLat(node.coordinate.longitude, node.coordinate.latitude)) { more.insert(node.id) }
                }
            }
            more.subtract(reach)
            if more.isEmpty { break }
            reach.formUnion(more)
        }

        let (merged, folded) = collector.areas.merged(collector.places)
        // An element exported again with the sources it had changes no address (a renamed café's address
        // point is the same point): those are kept as they stand, and reach no place standing near them.
        let standingSources = try await store.addressSources(reach)
        let exported = collector.addressSources.sources
        let unchanged = standingSources.unchangedIDs(comparedWith: exported)
        let oldSources = standingSources.filter { !unchanged.contains($0) }
        let newSources = exported.filter { !unchanged.contains($0) }
        try await store.replaceAddressSources(removing: reach.subtracting(unchanged), with: newSources)
        try await store.replaceAreaPlaces(removing: reach, with: collector.areas.areaPlaces(collector.places, folded: folded))

        // The places standing near a source that changed, their own address read back from the derived one.
        var standing: [PlaceID: Place] = [:]
        let reachOfSources = Self.reachOfSources(oldSources) + Self.reachOfSources(newSources)
        let boxes = [
            (reachOfSources.filter { !$0.onlyNeighbourly }.map(\.box), false),
            (Self.cover(reachOfSources.filter(\.onlyNeighbourly).map(\.box)), true),
        ]
        // Those reached only by the neighbours' reach, whose postcode or country the nearest addressed elements give.
        var byNeighbours = Set<PlaceID>()
        for (boxes, neighbourly) in boxes where !boxes.isEmpty {
            for place in try await store.places(in: boxes, neighbourly: neighbourly, excluding: reach) {
                if neighbourly {
                    guard standing[place.id] == nil, Self.takesFromNeighbours(place.address) else { continue }
                    byNeighbours.insert(place.id)
                }
                standing[place.id] = place
            }
        }
        let near = standing.values.sorted { $0.id.osmOrder(before: $1.id) }
        let neighbours = ChangedNeighbours(oldSources.points + newSources.points)
        let derived = try await Self.derive(
            merged
                + near.map { place in
                    var own = place
                    own.address = place.address?.own
                    return own
                }, store: store
        ) { [byNeighbours, standing] place, index in
            // Kept as it stands unless a changed element comes near enough to be one of its voting neighbours.
            guard byNeighbours.contains(place.id), let standing = standing[place.id] else { return nil }
            return neighbours.reach(standing, index) ? nil : standing
        }
        // Read for their address alone: the few whose address changed are read whole, to be written with it.
        var changed: [PlaceID: PostalAddress?] = [:]
        for (old, place) in zip(near, derived.dropFirst(merged.count)) where old.address != place.address {
            changed[old.id] = place.address
        }
        var rederived: [Place] = []
        var rederivedBefore: [Place] = []
        for old in try await store.places(Set(changed.keys)) {
            var place = old
            place.address = changed[old.id] ?? nil
            rederived.append(place)
            rederivedBefore.append(old)
        }
        try await store.replacePlaces(
            removing: Array(before.values) + rederivedBefore, with: Array(derived.prefix(merged.count)) + rederived)
        outcome.before = Array(before.values) + rederivedBefore
        outcome.after = Array(derived.prefix(merged.count)) + rederived
        outcome.sourceIDs = reach
        return outcome
    }

    /// The reached elements exported by osmium from the store's elements,
    /// with the nodes and member ways their geometry needs (whose tags are
    /// left out: only the reached elements become places), and read.
    private func export(_ reach: Set<PlaceID>, from store: some UpdateTables, scratch: URL) async throws -> FeatureCollector {
        func ids(_ kind: OSMElement.Kind) -> Set<Int64> {
            Set(reach.compactMap { $0.first == kind.rawValue ? Int64($0.dropFirst()) : nil })
        }
        let relations = try await store.elements(.relation, ids(.relation))
        var wayIDs = ids(.way)
        for relation in relations { wayIDs.formUnion(relation.members.filter { $0.kind == .way }.map(\.id)) }
        let ways = try await store.elements(.way, wayIDs)
        var nodeIDs = ids(.node)
        for way in ways { nodeIDs.formUnion(way.wayNodes) }
        let nodes = try await store.elements(.node, nodeIDs)
        var text = ""
        for element in nodes + ways + relations {
            var element = element
            if !reach.contains(element.placeID) { element.tags = "" }
            text += element.opl + "\n"
        }
        let file = scratch.appendingPathComponent("reach.opl")
        try Data(text.utf8).write(to: file)
        var collector = FeatureCollector(only: reach)
        try OsmiumPipeline(osmium: osmium, input: file, filters: [], showProgress: false).run { try collector.add($0) }
        return collector
    }

    /// Each place with the address the import derives for it, from the
    /// sources the store holds around it: places close together share one
    /// index, built from what `AddressIndex` may use anywhere in their cell.
    /// A place `kept` answers for (with the index at hand) is left as it says.
    static func derive(
        _ places: [Place], store: some UpdateTables, keeping kept: (@Sendable (Place, AddressIndex) -> Place?)? = nil
    ) async throws -> [Place] {
        // An index is built per cell, and costs what its cell and margins hold: a few cells of places
        // spread over the whole data (a busy minute) build little more than one index of it all.
        guard let extent = BoundingBox(places.map { LonLat($0.coordinate.longitude, $0.coordinate.latitude) }) else { return places }
        let cell = max(0.05, max(extent.maxLongitude - extent.minLongitude, extent.maxLatitude - extent.minLatitude) / 4)
        var cells: [[Int]: [Int]] = [:]
        for (index, place) in places.enumerated() {
            let key = [Int((place.coordinate.longitude / cell).rounded(.down)), Int((place.coordinate.latitude / cell).rounded(.down))]
            cells[key, default: []].append(index)
        }
        var result = places
        for (key, members) in cells {
            let box = BoundingBox(
                minLongitude: Double(key[0]) * cell, minLatitude: Double(key[1]) * cell, maxLongitude: Double(key[0] + 1) * cell,
                maxLatitude: Double(key[1] + 1) * cell)
            let index = AddressIndex(try await store.addressSources(around: box))
            let derived = NIOLockedValueBox([Int: Place]())
            let chunk = 256
            DispatchQueue.concurrentPerform(iterations: (members.count + chunk - 1) / chunk) { number in
                let part = members[number * chunk..<min(members.count, (number + 1) * chunk)]
                let done = part.map { ($0, kept?(places[$0], index) ?? AddressDerivation.derived(places[$0], index: index)) }
                derived.withLockedValue { for (member, place) in done { $0[member] = place } }
            }
            for (member, place) in derived.withLockedValue({ $0 }) { result[member] = place }
        }
        return result
    }

    /// Where a place's derived address can depend on these sources: within
    /// a street's reach of a street, inside an addressed outline or within an
    /// address point's reach of it (the larger, inside a building), inside
    /// an area, within a `place=*` node's rank's reach — and, for the places
    /// whose postcode or country the nearest addressed neighbours give (or
    /// would, lacking one: the rule that asks them comes last), within the
    /// neighbours' reach of an addressed element that names a postcode or a
    /// country.
    static func reachOfSources(_ sources: AddressSources) -> [(box: BoundingBox, onlyNeighbourly: Bool)] {
        var reach: [(box: BoundingBox, onlyNeighbourly: Bool)] = []
        for street in sources.streets {
            if let box = BoundingBox(street.lines.joined()) { reach.append((box.expanded(by: AddressIndex.streetReach), false)) }
        }
        for point in sources.points {
            guard let box = BoundingBox(point.outline.joined().joined() + [point.position]) else { continue }
            reach.append((box.expanded(by: max(AddressIndex.pointReach, AddressIndex.pointReachInBuilding)), false))
            if point.address["postcode"] != nil || point.address["country"] != nil {
                reach.append((box.expanded(by: AddressIndex.neighbourReach), true))
            }
        }
        for area in sources.areas {
            if let box = BoundingBox(area.polygons.joined().joined()) { reach.append((box, false)) }
        }
        for node in sources.placeNodes {
            if let box = BoundingBox([node.position]) { reach.append((box.expanded(by: node.rank.reach), false)) }
        }
        return reach
    }

    /// Boxes that hold `boxes`, each place in them read once however many
    /// of them overlap (a busy minute's edits crowd into towns): the squares
    /// of a grid that meet one, joined along rows.
    static func cover(_ boxes: [BoundingBox]) -> [BoundingBox] {
        let cell = 0.01
        var cells: [Int: Set<Int>] = [:]
        for box in boxes {
            let columns = Int((box.minLongitude / cell).rounded(.down))...Int((box.maxLongitude / cell).rounded(.down))
            for row in Int((box.minLatitude / cell).rounded(.down))...Int((box.maxLatitude / cell).rounded(.down)) {
                cells[row, default: []].formUnion(columns)
            }
        }
        var cover: [BoundingBox] = []
        for (row, columns) in cells {
            var runs: [(first: Int, last: Int)] = []
            for column in columns.sorted() {
                if let last = runs.last?.last, last == column - 1 {
                    runs[runs.count - 1].last = column
                } else {
                    runs.append((column, column))
                }
            }
            for run in runs {
                cover.append(
                    BoundingBox(
                        minLongitude: Double(run.first) * cell, minLatitude: Double(row) * cell, maxLongitude: Double(run.last + 1) * cell,
                        maxLatitude: Double(row + 1) * cell))
            }
        }
        return cover
    }

    /// Whether the address's postcode or country came from its neighbours, or is missing.
    public static func takesFromNeighbours(_ address: PostalAddress?) -> Bool {
        [AddressComponent.Kind.postalCode, .country].contains { kind in address?[kind].map { $0.rule == .neighbours } ?? true }
    }
}
