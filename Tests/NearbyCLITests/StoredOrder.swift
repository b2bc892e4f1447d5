import NearbyKit

/// A store's places and sources in an order of their own, to compare what two
/// stores hold: an update in place writes what it changed after the rows it
/// kept, an import everything in spatial order, and neither order is an answer.
extension [Place] {
    var byID: [Place] { sorted { $0.id.osmOrder(before: $1.id) } }
}

extension AddressSources {
    var sorted: AddressSources {
        var sources = self
        sources.sort()
        return sources
    }
}
