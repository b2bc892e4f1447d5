import Foundation
import NearbyKit
import NearbyViewModels

/// A list of one kind of place or several, as text or JSON.
public struct PlaceListView {
    public var viewModel: PlaceListViewModel

    public init(viewModel: PlaceListViewModel) {
        self.viewModel = viewModel
    }

    public func text() -> String {
        let position = PositionText.text(viewModel.userCoordinate.value, address: viewModel.origin)
        let area = "within \(MetresText.format(viewModel.radius)) of \(position)"
        var lines = ["\(viewModel.title) \(area) (\(viewModel.rows.count) found)"]
        if viewModel.rows.isEmpty { lines.append("None nearby. Try a larger --radius.") }
        let mixed = viewModel.categories.count > 1
        lines += viewModel.rows.enumerated().map { index, row in
            "\(TextColumns.right("\(index + 1).", 4)) \(mixed ? TextColumns.kindAndRow(row) : TextColumns.row(row))"
        }
        return lines.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var position: CoordinateJSON
        /// The street and district of the position, where the data knows them.
        var positionName: String?
        var radiusM: Double
        var categories: [String]
        var excludedCategories: [String]
        var title: String
        var places: [PlaceRowJSON]
        var attribution: String

        enum CodingKeys: String, CodingKey {
            case position, categories, title, places, attribution
            case radiusM = "radius_m"
            case positionName = "position_name"
            case excludedCategories = "excluded_categories"
        }
    }

    public func json() -> JSON {
        JSON(
            position: CoordinateJSON(viewModel.userCoordinate.value), positionName: viewModel.origin?.locator,
            radiusM: viewModel.radius,
            categories: viewModel.categories.map(\.rawValue),
            excludedCategories: viewModel.excludedCategories.sorted().map(\.rawValue), title: viewModel.title,
            places: viewModel.rows.map(PlaceRowJSON.init), attribution: viewModel.dataset.attributionText)
    }
}
