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
        let present = PlaceCategory.allCases.filter { byCategory[$0] != nil }
        guard !present.isEmpty else { return [] }
        let pager = present.compactMap { byCategory[$0]?.first }
        return [.pager(pager), .categories(title: categoriesTitle, present)]
            + present.map { .places($0, title: $0.sectionTitle, rows: Array(byCategory[$0]!.prefix(perCategory))) }
    }
}
