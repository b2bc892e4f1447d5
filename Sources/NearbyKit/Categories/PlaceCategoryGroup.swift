/// A family of categories ("Food & drink"): what the home screen's
/// sections and category row show, so that the row stays readable with
/// eighty kinds, and what `--category food` asks for.
public struct PlaceCategoryGroup: Hashable, Comparable, Sendable, CustomStringConvertible {
    let index: Int

    init(index: Int) {
        self.index = index
    }

    public init?(rawValue: String) {
        guard let index = CategoryCatalog.shared.groupByID[rawValue] else { return nil }
        self.index = index
    }

    public static var allCases: [PlaceCategoryGroup] { CategoryCatalog.shared.groups.indices.map(PlaceCategoryGroup.init(index:)) }

    private var row: CategoryCatalog.Group { CategoryCatalog.shared.groups[index] }

    public var rawValue: String { row.id }
    public var description: String { rawValue }
    /// The short label of the category row ("Food & drink").
    public var displayName: String { row.name }
    /// The home screen's heading for the group.
    public var sectionTitle: String { row.section }
    /// Its categories, in table order.
    public var categories: [PlaceCategory] { CategoryCatalog.shared.members[index].map(PlaceCategory.init(index:)) }

    public static func < (a: PlaceCategoryGroup, b: PlaceCategoryGroup) -> Bool { a.index < b.index }

    /// Accepts the id (`food`) or the name (`Food & drink`), case- and accent-insensitively.
    public init?(userInput: String) {
        let key = UserInputKey(userInput)
        guard let match = Self.allCases.first(where: { key.names($0.rawValue, $0.displayName) }) else { return nil }
        self = match
    }
}
