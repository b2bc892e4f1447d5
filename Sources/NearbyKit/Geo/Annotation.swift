/// A pin on a map, as the original gave `MKPointAnnotation`: where, a title
/// and a subtitle; plus what a drawn pin needs (its category's colour, and
/// whether it is the place the map is about).
public struct Annotation: Hashable, Sendable {
    public var coordinate: Coordinate
    public var title: String
    public var subtitle: String
    public var category: PlaceCategory
    public var isSelected: Bool

    public init(coordinate: Coordinate, title: String, subtitle: String, category: PlaceCategory, isSelected: Bool = false) {
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.category = category
        self.isSelected = isSelected
    }
}
