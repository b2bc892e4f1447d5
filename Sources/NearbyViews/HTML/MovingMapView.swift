import Foundation
import NearbyKit
import NearbyViewModels

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
                number: index + 1, name: row.name, kind: row.kindName, lat: row.place.coordinate.latitude,
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
