import Foundation
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
        let reached = try await reach(of: try await apply(changes, to: store, older: &outcome.older), in: store, scratch: scratch)
        let (merged, folded) = reached.collector.areas.merged(reached.collector.places)
        // An element exported again with the sources it had changes no address (a renamed café's address
        // point is the same point): those are kept as they stand, and reach no place standing near them.
        let standingSources = try await store.addressSources(reached.ids)
        let exported = reached.collector.addressSources.sources
        let unchanged = standingSources.unchangedIDs(comparedWith: exported)
        let sources = (old: standingSources.filter { !unchanged.contains($0) }, new: exported.filter { !unchanged.contains($0) })
        try await store.replaceAddressSources(removing: reached.ids.subtracting(unchanged), with: sources.new)
        try await store.replaceAreaPlaces(
            removing: reached.ids, with: reached.collector.areas.areaPlaces(reached.collector.places, folded: folded))

        let (derived, rederived) = try await addresses(of: merged, near: sources, excluding: reached.ids, in: store)
        outcome.before = Array(reached.before.values) + rederived.map(\.before)
        outcome.after = derived + rederived.map(\.after)
        try await store.replacePlaces(removing: outcome.before, with: outcome.after)
        outcome.sourceIDs = reached.ids
        return outcome
    }

    /// Applies the changed elements to the store's (step 1); those applied.
    /// `older` gets those left out, older than the store's (`n12 v3`).
    private func apply(_ changes: [URL], to store: some UpdateTables, older: inout [String]) async throws -> [OSMElement] {
        var read: [OSMElement] = []
        try ElementReader(osmium: osmium).changes(changes) { element in
            var kept = element
            if !kept.tags.isEmpty, !ElementReader.isRelevant(kept) { kept.tags = "" }
            read.append(kept)
        }
        let applied = try await store.apply(read)
        if applied.count < read.count {
            let kept = Set(applied.map { "\($0.placeID) v\($0.version)" })
            older = read.map { "\($0.placeID) v\($0.version)" }.filter { !kept.contains($0) }
        }
        return applied
    }

    /// What the changes reach (step 2), exported and read again (step 3), with the places and areas that stood there.
    private struct Reached {
        var ids = Set<PlaceID>()
        var collector = FeatureCollector()
        var before: [PlaceID: Place] = [:]
        var beforeAreas: [PlaceID: AreaPlace] = [:]
    }

    /// The elements `applied` reach: they, the ways using a changed node, the
    /// relations holding either, and, exported until the node/area pairs the
    /// reach may make or break are all in it, the nodes and areas they pair.
    private func reach(of applied: [OSMElement], in store: some UpdateTables, scratch: URL) async throws -> Reached {
        var reached = Reached()
        var changedNodes = Set<Int64>()
        var changedWays = Set<Int64>()
        for element in applied {
            reached.ids.insert(element.placeID)
            switch element.kind {
            case .node: changedNodes.insert(element.id)
            case .way: changedWays.insert(element.id)
            case .relation: break
            }
        }
        let ways = try await store.ways(using: changedNodes).union(changedWays)
        reached.ids.formUnion(ways.map { "w\($0)" })
        reached.ids.formUnion(
            try await store.relations(holding: Set(ways.map { "w\($0)" } + changedNodes.map { "n\($0)" })).map { "r\($0)" })
        while true {
            reached.collector = try await export(reached.ids, from: store, scratch: scratch)
            for place in try await store.places(reached.ids.filter { reached.before[$0] == nil }) { reached.before[place.id] = place }
            for area in try await store.areaPlaces(reached.ids) { reached.beforeAreas[area.id] = area }
            let more = try await pairs(of: reached, in: store).subtracting(reached.ids)
            if more.isEmpty { return reached }
            reached.ids.formUnion(more)
        }
    }

    /// The areas the reached nodes may fold into (or were folded into), and
    /// the nodes the reached areas may fold, as `NodeAreaMerge` pairs them.
    private func pairs(of reached: Reached, in store: some UpdateTables) async throws -> Set<PlaceID> {
        var more = Set<PlaceID>()
        let nodes = (reached.collector.places + Array(reached.before.values)).filter { $0.id.hasPrefix("n") }
        var areasByName: [String: [AreaPlace]] = [:]
        for area in try await store.areaPlaces(named: Set(nodes.map(\.name))) { areasByName[area.name, default: []].append(area) }
        for node in nodes {
            let position = LonLat(node.coordinate.longitude, node.coordinate.latitude)
            for area in areasByName[node.name] ?? [] where area.category == node.category && area.box.contains(position) {
                more.insert(area.id)
            }
        }
        for area in reached.beforeAreas.values {
            more.insert(area.id)
            if let node = area.foldedInto { more.insert(node) }
        }
        let areas = reached.collector.areas.areaPlaces(reached.collector.places, folded: [:]) + Array(reached.beforeAreas.values)
        var nodesByName: [String: [Place]] = [:]
        for node in try await store.places(in: areas.map(\.box), neighbourly: false, excluding: []) where node.id.hasPrefix("n") {
            nodesByName[node.name, default: []].append(node)
        }
        for area in areas {
            for node in nodesByName[area.name] ?? [] where node.category == area.category {
                if area.box.contains(LonLat(node.coordinate.longitude, node.coordinate.latitude)) { more.insert(node.id) }
            }
        }
        return more
    }

    /// Step 4: the addresses of the places exported again, and of those
    /// standing near a source that changed (`reachOfSources`) whose address
    /// the change moves, each as it stood and as it is now.
    private func addresses(
        of merged: [Place], near sources: (old: AddressSources, new: AddressSources), excluding reach: Set<PlaceID>,
        in store: some UpdateTables
    ) async throws -> (derived: [Place], rederived: [(before: Place, after: Place)]) {
        // The places standing near a source that changed, their own address read back from the derived one.
        var standing: [PlaceID: Place] = [:]
        let reachOfSources = Self.reachOfSources(sources.old) + Self.reachOfSources(sources.new)
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
        let neighbours = ChangedNeighbours(sources.old.points + sources.new.points)
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
        let rederived = try await store.places(Set(changed.keys)).map { old in
            var place = old
            place.address = changed[old.id] ?? nil
            return (before: old, after: place)
        }
        return (Array(derived.prefix(merged.count)), rederived)
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

}
