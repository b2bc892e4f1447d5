import Foundation
import NearbyKit
import NearbyViewModels

/// A name search's results as text or JSON, best match first.
public struct SearchResultsView {
    public var viewModel: SearchViewModel

    public init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
    }

    public func text() -> String {
        let query = TerminalSafeText.escaped(viewModel.query, limit: 80)
        let position = PositionText.text(viewModel.userCoordinate.value, address: viewModel.origin)
        let area = "within \(MetresText.format(viewModel.radius)) of \(position)"
        var lines = ["“\(query)” \(area) (\(viewModel.rows.count) found)"]
        if viewModel.rows.isEmpty { lines.append("Nothing by that name nearby. Try fewer words, or a larger --radius.") }
        lines += viewModel.rows.enumerated().map { index, row in "\(TextColumns.right("\(index + 1).", 4)) \(TextColumns.kindAndRow(row))" }
        return lines.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var query: String
        var position: CoordinateJSON
        /// The street and district of the position, where the data knows them.
        var positionName: String?
        var radiusM: Double
        var categories: [String]
        var excludedCategories: [String]
        var places: [PlaceRowJSON]
        var attribution: String

        enum CodingKeys: String, CodingKey {
            case query, position, categories, places, attribution
            case radiusM = "radius_m"
            case positionName = "position_name"
            case excludedCategories = "excluded_categories"
        }
    }

    public func json() -> JSON {
        JSON(
            query: viewModel.query, position: CoordinateJSON(viewModel.userCoordinate.value), positionName: viewModel.origin?.locator,
            radiusM: viewModel.radius,
            categories: viewModel.categories.sorted().map(\.rawValue),
            excludedCategories: viewModel.excludedCategories.sorted().map(\.rawValue),
            places: viewModel.rows.map(PlaceRowJSON.init), attribution: viewModel.dataset.attributionText)
    }
}
