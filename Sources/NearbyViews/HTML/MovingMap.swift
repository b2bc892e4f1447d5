import Foundation
import NearbyKit
import NearbyViewModels

/// The tile layer of the pages' moving map: nearby's own `/tiles/`, kept to
/// the zooms and box the tiles cover. The server knows it; the page carries
/// it as JSON in `data-layer`, for moving-map.js (Scripts/) to give Leaflet.
public struct MovingMapLayer: Sendable, Equatable, Encodable {
    public var tiles = "/tiles/{z}/{x}/{y}.png"
    public var minZoom: Int
    public var maxZoom: Int
    /// West, south, east, north; nil when the tile set names no box.
    public var bounds: [Double]?
    /// The tile set's credit, as text (the script escapes it for Leaflet's HTML).
    public var attribution: String

    public init(minZoom: Int, maxZoom: Int, bounds: BoundingBox?, attribution: String) {
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude] }
        self.attribution = attribution
    }
}

/// The script that puts a page's map on Leaflet (Scripts/moving-map.js),
/// which the layout loads from `path`.
public enum MovingMapScript {
    public static let path = "/pages/moving-map.js"
    public static let bytes = PackageResources.moving_map_js
}

/// What one page's moving map shows, as JSON in `data-view`: the position,
/// the circle searched, and the places as pins numbered as the rows are. A
/// list's view sits on its rows (`#listing`), so that rows swapped in by
/// "search this area" bring their pins with them.
struct MovingMapView: Encodable {
    struct Pin: Encodable {
        /// The row's number; nil on a detail page's one pin.
        var number: Int?
        var name: String
        var kind: String
        var lat: Double
        var lon: Double
        /// The detail page; nil on the detail page itself.
        var link: String?
    }

    /// The person's position, where the list was searched from.
    var lat: Double?
    var lon: Double?
    /// Metres searched around the position, drawn as a circle.
    var radius: Double?
    var pins: [Pin]

    /// The rows of a list (numbered 1, 2, 3 as printed), around `position`.
    init(rows: [PlaceRowViewModel], around position: Coordinate, radius: Double, state: PageState) {
        lat = position.latitude
        lon = position.longitude
        self.radius = radius
        pins = rows.enumerated().map { index, row in
            Pin(
                number: index + 1, name: row.name, kind: row.place.category.singularName, lat: row.place.coordinate.latitude,
                lon: row.place.coordinate.longitude, link: state.link("/place/" + PageState.escaped(row.id)))
        }
    }

    /// A detail page's one pin, and the person where the page knows them.
    init(pin: Annotation, kind: String, user: Coordinate?) {
        lat = user?.latitude
        lon = user?.longitude
        pins = [Pin(name: pin.title, kind: kind, lat: pin.coordinate.latitude, lon: pin.coordinate.longitude)]
    }

    /// The JSON, for an attribute (the template escapes it for HTML).
    var json: String { MovingMapJSON.text(self) }
}

enum MovingMapJSON {
    /// The JSON of `value`, for an attribute the templates escape. The
    /// characters a page would obey (controls past U+001F, which JSON leaves
    /// raw, and bidirectional overrides) are written out as the rows write
    /// them, `\u{202e}`: escaping them for HTML afterwards would break the JSON.
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Both types are plain numbers and strings: encoding cannot fail.
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            {
                out += "\\\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
