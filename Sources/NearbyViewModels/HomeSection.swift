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

    /// The sections for rows already sorted nearest first. A place shows
    /// under the group of each of its kinds, once per group.
    static func make(from rows: [PlaceRowViewModel], perGroup: Int) -> [HomeSection] {
        var byGroup: [PlaceCategoryGroup: [PlaceRowViewModel]] = [:]
        for row in rows {
            for group in Set(row.place.categories.map(\.group)) { byGroup[group, default: []].append(row) }
        }
        let present = byGroup.sorted { $0.key < $1.key }
        guard !present.isEmpty else { return [] }
        return [.pager(present.compactMap(\.value.first)), .categories(title: categoriesTitle, present.map(\.key))]
            + present.map { .places($0.key, title: $0.key.sectionTitle, rows: Array($0.value.prefix(perGroup))) }
    }
}
