import Foundation
import NIOConcurrencyHelpers

/// Gives every imported place the address the extract implies
/// (`AddressIndex`'s rules), counts the coverage, and checks the rules
/// against the places that carry their own address. Places are independent,
/// so the work is spread over the cores.
package enum AddressDerivation {
    package struct Outcome {
        var places: [Place]
        var coverage: AddressCoverage
        var accuracy: AddressAccuracy
    }

    /// - Parameter folded: for a place that absorbed other elements (an area
    ///   around a node), their ids, left out with its own when it is checked.
    /// - Parameter checking: whether to check the rules against the tagged
    ///   places too (`nearby import --check-addresses`): a second derivation
    ///   of each of them.
    package static func run(_ places: [Place], index: AddressIndex, folded: [PlaceID: [PlaceID]], checking: Bool) -> Outcome {
        let chunk = 2_048
        let chunks = (places.count + chunk - 1) / chunk
        let results = NIOLockedValueBox([Int: Outcome]())
        DispatchQueue.concurrentPerform(iterations: chunks) { number in
            let range = number * chunk..<min(places.count, (number + 1) * chunk)
            var outcome = Outcome(places: [], coverage: AddressCoverage(), accuracy: AddressAccuracy())
            outcome.places.reserveCapacity(range.count)
            for var place in places[range] {
                derive(&place, index: index, folded: folded, checking: checking, into: &outcome)
                outcome.places.append(place)
            }
            results.withLockedValue { $0[number] = outcome }
        }
        var total = Outcome(places: [], coverage: AddressCoverage(), accuracy: AddressAccuracy())
        total.places.reserveCapacity(places.count)
        for (_, outcome) in results.withLockedValue({ $0 }).sorted(by: { $0.key < $1.key }) {
            total.places += outcome.places
            total.coverage.add(outcome.coverage)
            total.accuracy.add(outcome.accuracy)
        }
        return total
    }

    /// The place with the address the import gives it: what its own tags
    /// say (`place.address`), completed by `index`'s rules.
    package static func derived(_ place: Place, index: AddressIndex) -> Place {
        var place = place
        let own = place.address
        if let resolved = index.resolve(at: LonLat(place.coordinate.longitude, place.coordinate.latitude), own: own?.components ?? []) {
            place.address = (own ?? resolved.address).with(components: resolved.address.components)
        }
        return place
    }

    private static func derive(
        _ place: inout Place, index: AddressIndex, folded: [PlaceID: [PlaceID]], checking: Bool, into outcome: inout Outcome
    ) {
        let position = LonLat(place.coordinate.longitude, place.coordinate.latitude)
        let own = place.address
        if checking, let own, !own.components.isEmpty {
            let excluded = Set([place.id] + (folded[place.id] ?? []))
            outcome.accuracy.compare(own: own, derived: index.resolve(at: position, excluding: excluded)?.address)
        }
        let (resolved, populated, nearStreet) = index.resolveAndMeasure(at: position, own: own?.components ?? [])
        if let resolved { place.address = (own ?? resolved.address).with(components: resolved.address.components) }
        outcome.coverage.count(place.address, populated: populated, nearStreet: nearStreet)
    }
}
