import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// The addresses an update derives: from the sources around each place in the
/// store as it now is, and for which places around a changed source.
extension IncrementalUpdate {
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
