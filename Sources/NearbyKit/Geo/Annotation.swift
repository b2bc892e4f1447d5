/// A pin on a map, as the original gave `MKPointAnnotation`: where, a title
/// and a subtitle; plus what a drawn pin needs (its category's colour, and
/// whether it is the place the map is about, and the number or letter that
/// ties it to its row in a list).
public struct Annotation: Hashable, Sendable {
    public var coordinate: Coordinate
    public var title: String
    public var subtitle: String
    public var category: PlaceCategory
    public var isSelected: Bool
    /// Drawn on the pin's head ("1", "12", "A"); without one the head has a white dot.
    public var label: String?

    public init(
        coordinate: Coordinate, title: String, subtitle: String, category: PlaceCategory,
        isSelected: Bool = false, label: String? = nil
    ) {
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.category = category
        self.isSelected = isSelected
        self.label = label
    }
}
