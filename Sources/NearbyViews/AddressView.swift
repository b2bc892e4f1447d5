import NearbyKit
import NearbyViewModels

/// A position's address as text (the address, then each part with the rule
/// and the element that gave it) or JSON (Google's components).
public struct AddressView {
    public var viewModel: AddressViewModel

    public init(viewModel: AddressViewModel) {
        self.viewModel = viewModel
    }

    public func text() -> String {
        guard let resolved = viewModel.address else {
            return "No address is known at \(viewModel.position.value): the data has no street, address or area there."
        }
        var lines = [TerminalSafeText.escaped(resolved.address.formatted, limit: .max)]
        for component in resolved.address.components {
            let name =
                component.shortName == component.longName ? component.longName : "\(component.longName) (\(component.shortName))"
            let origin = "[\(component.rule.rawValue)\(resolved.origins[component.kind]?.id.map { " \($0)" } ?? "")]"
            lines.append("  \(TextColumns.fit(component.kind.rawValue, 28)) \(TerminalSafeText.escaped(name, limit: 120))  \(origin)")
        }
        return lines.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var position: CoordinateJSON
        var formattedAddress: String?
        var shortAddress: String?
        var addressComponents: [AddressComponent]
        var attribution: String

        enum CodingKeys: String, CodingKey {
            case position, attribution
            case formattedAddress = "formatted_address"
            case shortAddress = "short_address"
            case addressComponents = "address_components"
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(position, forKey: .position)
            try c.encode(formattedAddress, forKey: .formattedAddress)
            try c.encode(shortAddress, forKey: .shortAddress)
            try c.encode(addressComponents, forKey: .addressComponents)
            try c.encode(attribution, forKey: .attribution)
        }
    }

    public func json() -> JSON {
        let address = viewModel.address?.address
        return JSON(
            position: CoordinateJSON(viewModel.position.value), formattedAddress: address?.formatted, shortAddress: address?.short,
            addressComponents: address?.components ?? [], attribution: viewModel.dataset?.attribution ?? PlacesDataset.osmAttribution)
    }
}
