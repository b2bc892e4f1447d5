import NearbyKit

/// A line through positions, or with `fillColor` a closed polygon, drawn
/// over the basemap and under the pins.
public struct MapPath: Hashable, Sendable {
    /// Google's default: blue at three quarters opacity, 5 points wide.
    public static let defaultColor = MapColor(red: 0x00, green: 0x00, blue: 0xFF, alpha: 0xBF)
    public static let defaultWeight = 5
    /// Wider lines are refused: they would cover the map, not mark it.
    public static let maximumWeight = 100

    public var points: [Coordinate]
    public var color: MapColor
    /// Line width in points (pixels at scale 1); 0 draws no outline.
    public var weight: Int
    /// When set, the path is closed and its inside filled with this colour.
    public var fillColor: MapColor?

    public init(
        points: [Coordinate], color: MapColor = MapPath.defaultColor, weight: Int = MapPath.defaultWeight,
        fillColor: MapColor? = nil
    ) {
        self.points = points
        self.color = color
        self.weight = weight
        self.fillColor = fillColor
    }
}
