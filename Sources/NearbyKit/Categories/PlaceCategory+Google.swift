extension PlaceCategory {
    /// The Google Places type this category answers to in `type=` and shows
    /// in `types`, where Google has one.
    public var googleType: String? { CategoryCatalog.shared.categories[index].google }

    /// The name `type=` knows it by: its Google type, else its own id.
    public var apiType: String { googleType ?? rawValue }

    /// A category by its own id or its Google type, as `type=` names it.
    public init?(apiType: String) {
        if let own = PlaceCategory(rawValue: apiType) {
            self = own
        } else if let index = CategoryCatalog.shared.categoryByGoogleType[apiType] {
            self.init(index: index)
        } else {
            return nil
        }
    }
}
