import Foundation
import NearbyKit
import NearbyViewModels

/// One category's list as text or JSON.
public struct PlaceListView {
    public var viewModel: PlaceListViewModel

    public init(viewModel: PlaceListViewModel) {
        self.viewModel = viewModel
    }

    public func text() -> String {
        var lines = ["\(viewModel.title) within \(MetresText.format(viewModel.radius)) of \(viewModel.userCoordinate.value) (\(viewModel.rows.count) found)"]
        if viewModel.rows.isEmpty { lines.append("None nearby. Try a larger --radius.") }
        lines += viewModel.rows.enumerated().map { "\(TextColumns.right("\($0.offset + 1).", 4)) \(TextColumns.row($0.element))" }
        return lines.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var position: CoordinateJSON
        var radiusM: Double
        var categories: [String]
        var title: String
        var places: [PlaceRowJSON]
        var attribution: String

        enum CodingKeys: String, CodingKey {
            case position, categories, title, places, attribution
            case radiusM = "radius_m"
        }
    }

    public func json() -> JSON {
        JSON(position: CoordinateJSON(viewModel.userCoordinate.value), radiusM: viewModel.radius,
             categories: viewModel.categories.map(\.rawValue), title: viewModel.title,
             places: viewModel.rows.map(PlaceRowJSON.init), attribution: viewModel.dataset.attributionText)
    }
}
