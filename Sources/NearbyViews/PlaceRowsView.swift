import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// What a list of places and a name search's results show alike: numbered
/// rows under a line saying what was asked, and where, as text or JSON.
struct PlaceRowsView {
    var position: Coordinate
    var origin: PostalAddress?
    var radius: Double
    /// The corners searched between, south-west and north-east, when the
    /// search was a box (a district named in the text) rather than a circle.
    var box: (low: Coordinate, high: Coordinate)?
    var rows: [PlaceRowViewModel]
    var dataset: DatasetInfo?

    /// `asked` begins the first line ("Cafés", "“caf par”"); `whenEmpty` stands for no rows;
    /// `withKinds` puts each row's kind before its name.
    func text(asked: String, whenEmpty: String, withKinds: Bool) -> String {
        let around = PositionText.text(position, address: origin)
        let area = box.map { "between \($0.low) and \($0.high), around \(around)" } ?? "within \(MetresText.format(radius)) of \(around)"
        var lines = ["\(asked) \(area) (\(rows.count) found)"]
        if rows.isEmpty { lines.append(whenEmpty) }
        for (index, row) in rows.enumerated() {
            lines.append("\(TextColumns.right("\(index + 1).", 4)) \(withKinds ? TextColumns.kindAndRow(row) : TextColumns.row(row))")
            if let matched = TextColumns.matchedName(row, nameColumn: withKinds ? 25 : 5) { lines.append(matched) }
        }
        return lines.joined(separator: "\n")
    }

    /// Keys sorted by `JSONRendering`; a list has a title, a search its query.
    struct JSON: Encodable {
        var title: String?
        var query: String?
        var position: CoordinateJSON
        /// The street and district of the position, where the data knows them.
        var positionName: String?
        var radiusM: Double
        var categories: [String]
        var excludedCategories: [String]
        var places: [PlaceRowJSON]
        var attribution: String

        enum CodingKeys: String, CodingKey {
            case title, query, position, categories, places, attribution
            case radiusM = "radius_m"
            case positionName = "position_name"
            case excludedCategories = "excluded_categories"
        }
    }

    func json(title: String? = nil, query: String? = nil, categories: [PlaceCategory], excluded: Set<PlaceCategory>) -> JSON {
        JSON(
            title: title, query: query, position: CoordinateJSON(position), positionName: origin?.locator, radiusM: radius,
            categories: categories.map(\.rawValue), excludedCategories: excluded.sorted().map(\.rawValue),
            places: rows.map(PlaceRowJSON.init), attribution: dataset.attributionText)
    }
}
