import Foundation
import NearbyKit
import NearbyService

/// A street, an address, a town or a postcode as a list shows it beside
/// places: its name, what it is, the rest of its address and how far it is.
public struct AddressRowViewModel: Equatable, Sendable {
    public var candidate: GeocodeCandidate
    /// "Rue Grimaldi".
    public var name: String
    /// "98000 Monaco".
    public var rest: String?
    /// "Street", "Town", "District"…
    public var kindName: String
    public var coordinate: Coordinate?
    /// "0.18 mi" from the position searched from.
    public var distanceText: String?

    public init(candidate: GeocodeCandidate, from origin: Coordinate, environment: ViewModelEnvironment) {
        self.candidate = candidate
        (name, rest) = candidate.address.headline
        kindName = Self.kindName(candidate.kind)
        coordinate = try? Coordinate(latitude: candidate.location.latitude, longitude: candidate.location.longitude)
        distanceText = coordinate.map { environment.units.format(metres: Geodesic.distance(from: origin, to: $0)) }
    }

    static func kindName(_ kind: GeocodeCandidate.Kind) -> String {
        switch kind {
        case .address: "Address"
        case .street: "Street"
        case .postcode: "Postcode"
        case .area(.locality): "Town"
        case .area(.sublocality), .area(.neighborhood): "District"
        case .area(.country): "Country"
        case .area: "Region"
        }
    }
}
