import Foundation
import NearbyKit
import NearbyViewModels

/// The home screen as text or JSON.
public struct HomeView {
    public var viewModel: HomeViewModel
    public var units: DistanceUnit

    public init(viewModel: HomeViewModel, units: DistanceUnit) {
        self.viewModel = viewModel
        self.units = units
    }

    public func text() -> String {
        let position = PositionText.text(viewModel.userCoordinate.value, address: viewModel.origin)
        var lines = ["Places within \(MetresText.format(viewModel.radius)) of \(position) (\(viewModel.placeCount) found)"]
        if viewModel.sections.isEmpty {
            lines.append("No places nearby. Try a larger --radius.")
        }
        let numbers = viewModel.pinNumbers
        func numbered(_ row: PlaceRowViewModel) -> String {
            "\(TextColumns.right(numbers[row.id].map { "\($0)." } ?? "", 4)) \(TextColumns.kindAndRow(row))"
        }
        for section in viewModel.sections {
            lines.append("")
            switch section {
            case .pager(let rows):
                lines.append("Nearest in each group")
                lines += rows.map(numbered)
            case .categories(let title, let groups):
                lines.append(title)
                lines.append("  " + groups.map(\.rawValue).joined(separator: " · "))
            case .places(_, let title, let rows):
                lines.append(title)
                lines += rows.map(numbered)
            }
        }
        return lines.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var position: CoordinateJSON
        /// The street and district of the position, where the data knows them.
        var positionName: String?
        var radiusM: Double
        var units: String
        var placeCount: Int
        var pager: [PlaceRowJSON]
        var categories: [GroupJSON]
        var categoriesTitle: String
        var sections: [SectionJSON]
        var attribution: String

        enum CodingKeys: String, CodingKey {
            case position, units, pager, categories, sections, attribution
            case radiusM = "radius_m"
            case positionName = "position_name"
            case placeCount = "place_count"
            case categoriesTitle = "categories_title"
        }
    }

    /// A group of the category row, with the kinds `--category` may name in it.
    struct GroupJSON: Encodable {
        var id: String
        var name: String
        var categories: [String]
        init(_ group: PlaceCategoryGroup) {
            id = group.rawValue
            name = group.displayName
            categories = group.categories.map(\.rawValue)
        }
    }

    struct SectionJSON: Encodable {
        var group: String
        var title: String
        var places: [PlaceRowJSON]
    }

    public func json() -> JSON {
        var json = JSON(
            position: CoordinateJSON(viewModel.userCoordinate.value), positionName: viewModel.origin?.locator,
            radiusM: viewModel.radius, units: units.rawValue,
            placeCount: viewModel.placeCount, pager: [], categories: [], categoriesTitle: HomeSection.categoriesTitle, sections: [],
            attribution: viewModel.dataset.attributionText)
        for section in viewModel.sections {
            switch section {
            case .pager(let rows): json.pager = rows.map(PlaceRowJSON.init)
            case .categories(_, let groups): json.categories = groups.map(GroupJSON.init)
            case .places(let group, let title, let rows):
                json.sections.append(SectionJSON(group: group.rawValue, title: title, places: rows.map(PlaceRowJSON.init)))
            }
        }
        return json
    }
}
