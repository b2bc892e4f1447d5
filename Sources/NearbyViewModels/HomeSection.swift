import NearbyKit

/// One block of the home screen, top to bottom as the original laid it out.
public enum HomeSection: Equatable, Sendable {
    /// A horizontal pager: the nearest place of each category.
    case pager([PlaceRowViewModel])
    /// The row of category buttons under "Want to be more specific?".
    case categories(title: String, [PlaceCategory])
    /// A category's nearest few, under its heading ("Top Restaurants nearby").
    case places(PlaceCategory, title: String, rows: [PlaceRowViewModel])

    public static let categoriesTitle = "Want to be more specific?"

    /// The sections for rows already sorted nearest first.
    static func make(from rows: [PlaceRowViewModel], perCategory: Int) -> [HomeSection] {
        var byCategory: [PlaceCategory: [PlaceRowViewModel]] = [:]
        for row in rows {
            for category in row.place.categories { byCategory[category, default: []].append(row) }
        }
        let present = PlaceCategory.allCases.compactMap { category in byCategory[category].map { (category, $0) } }
        guard !present.isEmpty else { return [] }
        return [.pager(present.compactMap { $0.1.first }), .categories(title: categoriesTitle, present.map(\.0))]
            + present.map { .places($0.0, title: $0.0.sectionTitle, rows: Array($0.1.prefix(perCategory))) }
    }
}
