import NearbyKit

/// A pin of a static map request: a position, a colour, an optional
/// one-character label on its head, and one of Google's four sizes.
public struct MapMarker: Hashable, Sendable {
    public enum Size: String, Hashable, Sendable, CaseIterable {
        case tiny, small, mid, normal

        /// Only these sizes are large enough to carry a label, as on Google's maps.
        public var showsLabel: Bool { self == .mid || self == .normal }

        /// The head's radius in points.
        var headRadius: Double {
            switch self {
            case .tiny: 3.5
            case .small: 5
            case .mid: 7
            case .normal: PinPainter.headRadius
            }
        }
    }

    public static let defaultColor = MapColor(red: 0xEA, green: 0x43, blue: 0x35)

    public var coordinate: Coordinate
    public var color: MapColor
    /// Drawn on the head for `mid` and `normal` pins; the request accepts A–Z and 0–9.
    public var label: Character?
    public var size: Size

    public init(coordinate: Coordinate, color: MapColor = MapMarker.defaultColor, label: Character? = nil, size: Size = .normal) {
        self.coordinate = coordinate
        self.color = color
        self.label = label
        self.size = size
    }
}
