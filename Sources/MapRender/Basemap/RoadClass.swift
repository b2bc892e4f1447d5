import Foundation

/// Roads grouped the way a map draws them: by importance, each with a
/// colour, a width that grows with zoom, and the zoom it appears at.
enum RoadClass: Int, Comparable, Sendable {
    // Raw values are the drawing order: minor roads under major ones.
    case path, steps, service, pedestrian, minor, tertiary, secondary, primary, trunk, motorway

    static func < (a: RoadClass, b: RoadClass) -> Bool { a.rawValue < b.rawValue }

    init?(highway: String) {
        switch highway {
        case "motorway", "motorway_link": self = .motorway
        case "trunk", "trunk_link": self = .trunk
        case "primary", "primary_link": self = .primary
        case "secondary", "secondary_link": self = .secondary
        case "tertiary", "tertiary_link": self = .tertiary
        case "residential", "unclassified", "living_street", "road": self = .minor
        case "service": self = .service
        case "pedestrian": self = .pedestrian
        case "footway", "path", "cycleway", "bridleway", "track", "corridor": self = .path
        case "steps": self = .steps
        default: return nil
        }
    }

    var fill: BasemapStyle.Colour {
        switch self {
        case .motorway: BasemapStyle.Colour(0xE892A2)
        case .trunk: BasemapStyle.Colour(0xF9B29C)
        case .primary: BasemapStyle.Colour(0xFCD6A4)
        case .secondary: BasemapStyle.Colour(0xF7FABF)
        case .tertiary, .minor, .service: BasemapStyle.Colour(0xFFFFFF)
        case .pedestrian: BasemapStyle.Colour(0xDDDDE8)
        case .path, .steps: BasemapStyle.Colour(0xFA8072)
        }
    }

    /// Paths and steps are thin dashes without a casing.
    var hasCasing: Bool { self > .steps }

    /// The first zoom that shows this class.
    var minimumZoom: Int {
        switch self {
        case .motorway, .trunk, .primary: 10
        case .secondary: 11
        case .tertiary: 12
        case .minor: 13
        case .service, .pedestrian: 14
        case .path, .steps: 15
        }
    }

    /// Fill width in pixels at `zoom`: set at zoom 17 and shrinking by a
    /// factor 2^0.75 per zoom level out, so main roads stay visible on
    /// overview tiles and streets do not swallow the blocks when zoomed in.
    func width(zoom: Int) -> Double {
        let atSeventeen: Double =
            switch self {
            case .motorway: 16
            case .trunk: 15
            case .primary: 14
            case .secondary: 13
            case .tertiary: 12
            case .minor: 10
            case .pedestrian: 8
            case .service: 6
            case .path: 1.6
            case .steps: 2.2
            }
        let floor: Double = self >= .primary ? 1.6 : 0.8
        return max(floor, atSeventeen * pow(2, Double(zoom - 17) * 0.75))
    }
}
