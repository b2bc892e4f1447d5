import Foundation
import NearbyKit
import NearbyViewModels

/// One category's list as text or JSON.
struct PlaceListView {
    var viewModel: PlaceListViewModel
    var radius: Double

    func text() -> String {
        var lines = ["\(viewModel.title) within \(Int(radius)) m of \(viewModel.userCoordinate.value) (\(viewModel.rows.count) found)"]
        if viewModel.rows.isEmpty { lines.append("None nearby. Try a larger --radius.") }
        lines += viewModel.rows.enumerated().map { "\(TextColumns.right("\($0.offset + 1).", 4)) \(TextColumns.row($0.element))" }
        return lines.joined(separator: "\n")
    }

    struct JSON: Encodable {
        var position: CoordinateJSON
        var radiusM: Double
        var categories: [String]
        var title: String
        var places: [PlaceRowJSON]
        var attribution = PlacesDataset.osmAttribution

        enum CodingKeys: String, CodingKey {
            case position, categories, title, places, attribution
            case radiusM = "radius_m"
        }
    }

    func json() -> JSON {
        JSON(position: CoordinateJSON(viewModel.userCoordinate.value), radiusM: radius,
             categories: viewModel.categories.map(\.rawValue), title: viewModel.title,
             places: viewModel.rows.map(PlaceRowJSON.init))
    }
}
