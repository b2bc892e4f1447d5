import NearbyKit
import NearbyService
import NearbyViewModels

/// The answers to a question in words as text (each address, then what it
/// is, its element and its position) or JSON (Google's Geocoding results).
public struct GeocodeView {
    public var viewModel: GeocodeViewModel

    public init(viewModel: GeocodeViewModel) {
        self.viewModel = viewModel
    }

    public func text() -> String {
        viewModel.candidates.map { candidate in
            let what =
                switch candidate.kind {
                case .address: "address"
                case .street: "street"
                case .postcode: "postcode"
                case .area(let kind): kind.rawValue
                }
            let position =
                (try? Coordinate(latitude: candidate.location.latitude, longitude: candidate.location.longitude))?.description ?? ""
            let id = candidate.id.map { TerminalSafeText.escaped($0, limit: 40) } ?? "-"
            let partial = candidate.partialMatch ? "  (partial match)" : ""
            return TerminalSafeText.escaped(candidate.address.formatted, limit: .max)
                + "\n  \(TextColumns.fit(what, 28)) \(id)  \(position)\(partial)"
        }.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var results: [GeocodeResult]
        var attribution: String
    }

    /// Google's Geocoding results, as `GET /maps/api/geocode/json?address=…` answers them.
    public func json() -> JSON {
        JSON(
            results: viewModel.candidates.map(GeocodeResult.init),
            attribution: viewModel.dataset?.attribution ?? PlacesDataset.osmAttribution)
    }
}
