import Foundation

/// A name the basemap can write, as read from the extract, in Web Mercator
/// metres: a place's point, a street's line, or a water or park area's
/// outer ring.
struct BasemapLabelSource: Sendable {
    enum Kind: Sendable, Equatable {
        case place(PlaceRank)
        case street(RoadClass)
        case water
        case park
    }

    let name: String
    let kind: Kind
    let points: [MercatorPoint]

    /// Names are one line of text: control characters and long names are left out.
    static func usableName(_ tags: [String: String]) -> String? {
        guard let name = tags["name"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty, name.count <= 60,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return name
    }
}

/// `place=*` values the basemap names, most important first.
enum PlaceRank: Int, Comparable, Sendable {
    case city, town, village, suburb, hamlet, neighbourhood

    static func < (a: PlaceRank, b: PlaceRank) -> Bool { a.rawValue < b.rawValue }

    init?(place: String) {
        switch place {
        case "city": self = .city
        case "town": self = .town
        case "village": self = .village
        case "suburb", "borough", "quarter": self = .suburb
        case "hamlet", "isolated_dwelling": self = .hamlet
        case "neighbourhood", "city_block": self = .neighbourhood
        default: return nil
        }
    }

    /// The first zoom that names places of this rank.
    var minimumZoom: Int {
        switch self {
        case .city: 8
        case .town: 10
        case .village: 12
        case .suburb: 13
        case .hamlet: 14
        case .neighbourhood: 15
        }
    }

    var fontSize: Double {
        switch self {
        case .city: 16
        case .town: 14
        case .village, .suburb: 12
        case .hamlet, .neighbourhood: 11
        }
    }
}

extension RoadClass {
    /// The first zoom that writes the names of streets of this class; paths
    /// and steps are not named.
    var labelZoom: Int? {
        switch self {
        case .motorway, .trunk, .primary, .secondary: 14
        case .tertiary: 15
        case .minor, .pedestrian: 16
        case .service: 17
        case .path, .steps: nil
        }
    }
}
