import Foundation

/// Brings a store forward by change files touching only what they reach,
/// so that it answers exactly as an import of the newer extract would:
///
/// 1. the changed elements are applied to the elements the store keeps
///    (`UpdatableStore.apply`);
/// 2. what they reach is found: the ways using a changed node, the relations
///    holding a changed way or node — a building moves when only its nodes
///    do — and, until nothing more is found, the areas a reached node may
///    fold into (or was folded into) and the nodes a reached area may fold,
///    as `NodeAreaMerge` pairs a node with an area of its name and kind;
/// 3. those elements alone are exported again by osmium from the kept
///    elements and read as the import reads them (`FeatureCollector`),
///    replacing their places, address sources and areas;
/// 4. the addresses of the new places are derived, and those of the places
///    standing within reach of an address source that changed
///    (`reachOfSources`), each from the sources around it in the store as it
///    now is.
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
        /// How many elements the changes named, and how many more they reached.
        public var changedElements = 0
        public var reachedElements = 0
    }

    public func run(_ changes: [URL], on store: some UpdatableStore, scratch: URL) throws -> Outcome {
        var outcome = Outcome()
        var reach = Set<PlaceID>()
        var changedNodes = Set<Int64>()
        var changedWays = Set<Int64>()
        try ElementReader(osmium: osmium).changes(changes) { element in
            var kept = element
            if !kept.tags.isEmpty, !ElementReader.isRelevant(kept.kind, tags: kept.decodedTags) { kept.tags = "" }
            guard try store.apply(kept) else { return }
            outcome.changedElements += 1
            reach.insert(element.placeID)
            switch element.kind {
            case .node: changedNodes.insert(element.id)
            case .way: changedWays.insert(element.id)
            case .relation: break
            }
        }
        let ways = try store.ways(using: changedNodes).union(changedWays)
        reach.formUnion(ways.map { "w\($0)" })
        reach.formUnion(try store.relations(holding: Set(ways.map { "w\($0)" } + changedNodes.map { "n\($0)" })).map { "r\($0)" })

        // Exported until the node/area pairs the reach may make or break are all in it.
        var collector: FeatureCollector
        var before: [PlaceID: Place] = [:]
        var beforeAreas: [PlaceID: AreaPlace] = [:]
        while true {
            collector = try export(reach, from: store, scratch: scratch)
            for place in try store.places(reach.filter { before[$0] == nil }) { before[place.id] = place }
            for area in try store.areaPlaces(reach) { beforeAreas[area.id] = area }
            var more = Set<PlaceID>()
            for node in collector.places + Array(before.values) where node.id.hasPrefix("n") {
                more.formUnion(try store.areaPlaces(named: node.name, node.category, around: node.coordinate).map(\.id))
            }
            for area in beforeAreas.values {
                more.insert(area.id)
                if let node = area.foldedInto { more.insert(node) }
            }
            for area in collector.areas.areaPlaces(collector.places, folded: [:]) + Array(beforeAreas.values) {
                for node in try store.places(in: area.box) where node.id.hasPrefix("n") {
                    if node.name == area.name && node.category == area.category { more.insert(node.id) }
                }
            }
            more.subtract(reach)
            if more.isEmpty { break }
            reach.formUnion(more)
        }
        outcome.reachedElements = reach.count - outcome.changedElements

        let (merged, folded) = collector.areas.merged(collector.places)
        let oldSources = try store.addressSources(reach)
        let newSources = collector.addressSources.sources
        try store.replaceAddressSources(removing: reach, with: newSources)
        try store.replaceAreaPlaces(removing: reach, with: collector.areas.areaPlaces(collector.places, folded: folded))

        // The places standing near a source that changed, their own address read back from the derived one.
        var standing: [PlaceID: Place] = [:]
        for box in Self.reachOfSources(oldSources) + Self.reachOfSources(newSources) {
            for place in try store.places(in: box) where !reach.contains(place.id) { standing[place.id] = place }
        }
        let near = standing.values.sorted { $0.id.osmOrder(before: $1.id) }
        let derived = try Self.derive(
            merged
                + near.map { place in
                    var own = place
                    own.address = place.address?.own
                    return own
                }, store: store)
        var rederived: [Place] = []
        var rederivedBefore: [Place] = []
        for (old, place) in zip(near, derived.dropFirst(merged.count)) where old.address != place.address {
            rederived.append(place)
            rederivedBefore.append(old)
        }
        try store.replacePlaces(removing: reach.union(rederived.map(\.id)), with: Array(derived.prefix(merged.count)) + rederived)
        outcome.before = Array(before.values) + rederivedBefore
        outcome.after = Array(derived.prefix(merged.count)) + rederived
        return outcome
    }

    /// The reached elements exported by osmium from the store's elements,
    /// with the nodes and member ways their geometry needs (whose tags are
    /// left out: only the reached elements become places), and read.
    private func export(_ reach: Set<PlaceID>, from store: some UpdatableStore, scratch: URL) throws -> FeatureCollector {
        func ids(_ kind: OSMElement.Kind) -> Set<Int64> {
            Set(reach.compactMap { $0.first == kind.rawValue ? Int64($0.dropFirst()) : nil })
        }
        let relations = try store.elements(.relation, ids(.relation))
        var wayIDs = ids(.way)
        for relation in relations { wayIDs.formUnion(relation.members.filter { $0.kind == .way }.map(\.id)) }
        let ways = try store.elements(.way, wayIDs)
        var nodeIDs = ids(.node)
        for way in ways { nodeIDs.formUnion(way.wayNodes) }
        let nodes = try store.elements(.node, nodeIDs)
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
    static func derive(_ places: [Place], store: some UpdatableStore) throws -> [Place] {
        let cell = 0.05
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
            let index = AddressIndex(try store.addressSources(around: box))
            for member in members { result[member] = AddressDerivation.derived(places[member], index: index) }
        }
        return result
    }

    /// Where a place's derived address can depend on these sources: within
    /// a street's reach of a street, a neighbour's reach of an addressed
    /// element, inside an area, and within a `place=*` node's rank's reach.
    static func reachOfSources(_ sources: AddressSources) -> [BoundingBox] {
        var boxes: [BoundingBox] = []
        for street in sources.streets {
            if let box = BoundingBox(street.lines.joined()) { boxes.append(box.expanded(by: AddressIndex.streetReach)) }
        }
        for point in sources.points {
            if let box = BoundingBox(point.outline.joined().joined() + [point.position]) {
                boxes.append(box.expanded(by: AddressIndex.neighbourReach))
            }
        }
        for area in sources.areas {
            if let box = BoundingBox(area.polygons.joined().joined()) { boxes.append(box) }
        }
        for node in sources.placeNodes {
            if let box = BoundingBox([node.position]) { boxes.append(box.expanded(by: node.rank.reach)) }
        }
        return boxes
    }
}
