import NearbyKit

/// One block of the home screen, top to bottom as the original laid it out,
/// by group ("Food & drink") so that it stays readable with eighty kinds.
public enum HomeSection: Equatable, Sendable {
    /// A horizontal pager: the nearest place of each group.
    case pager([PlaceRowViewModel])
    /// The row of group buttons under "Want to be more specific?".
    case categories(title: String, [PlaceCategoryGroup])
    /// A group's nearest few, under its heading.
    case places(PlaceCategoryGroup, title: String, rows: [PlaceRowViewModel])

    public static let categoriesTitle = "Want to be more specific?"

    /// The places the section shows.
    public var rows: [PlaceRowViewModel] {
        switch self {
        case .pager(let rows), .places(_, _, let rows): rows
        case .categories: []
        }
    }

    /// The sections for places already sorted nearest first. A place shows
    /// under the group of each of its kinds, once per group. Rows are made
    /// only for the places shown: a home screen finds hundreds and shows a few dozen.
    static func make<Source>(
        from items: [Source], perGroup: Int, place: (Source) -> Place, row: (Source) -> PlaceRowViewModel
    ) -> [HomeSection] {
        var byGroup: [PlaceCategoryGroup: [Int]] = [:]
        for (index, item) in items.enumerated() {
            for group in Set(place(item).categories.map(\.group)) where byGroup[group, default: []].count < max(perGroup, 1) {
                byGroup[group, default: []].append(index)
            }
        }
        let present = byGroup.sorted { $0.key < $1.key }
        guard !present.isEmpty else { return [] }
        var made: [Int: PlaceRowViewModel] = [:]
        func rows(_ indices: some Sequence<Int>) -> [PlaceRowViewModel] {
            indices.map { index in
                if let known = made[index] { return known }
                let new = row(items[index])
                made[index] = new
                return new
            }
        }
        return [.pager(rows(present.compactMap(\.value.first))), .categories(title: categoriesTitle, present.map(\.key))]
            + present.map { .places($0.key, title: $0.key.sectionTitle, rows: rows($0.value.prefix(perGroup))) }
    }
}
