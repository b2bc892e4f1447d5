import NearbyKit
import NearbyService

/// The Places API (New)'s positions and areas as its bodies give them:
/// `{latitude, longitude}`, a circle `{center, radius}`, a rectangle (a
/// viewport, `{low, high}`).
enum PlacesAPINewShapes {
    /// A position as the bodies and answers write it (a Place's `location`,
    /// the canonical bodies page tokens carry).
    struct LatLng: Encodable {
        let latitude: Double
        let longitude: Double

        init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }

        init(_ coordinate: Coordinate) {
            self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
        }
    }

    /// A position; nil when the field is absent.
    static func point(_ object: ProtoJSONObject?, field: String) throws(RPCError) -> Coordinate? {
        guard let object else { return nil }
        // The numbers' own refusals say which field and why; only the range is said here.
        let latitude = try object.double("latitude") ?? 0
        let longitude = try object.double("longitude") ?? 0
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .invalidArgument("\(field): \(error.localizedDescription)")
        }
    }

    /// `low` south of `high`; a `low` longitude east of `high`'s crosses the antimeridian.
    static func rectangle(_ object: ProtoJSONObject, field: String) throws(RPCError) -> (low: Coordinate, high: Coordinate) {
        guard let low = try point(object.object("low", fields: ["latitude", "longitude"]), field: "\(field).low"),
            let high = try point(object.object("high", fields: ["latitude", "longitude"]), field: "\(field).high")
        else { throw .invalidArgument("\(field) needs low and high") }
        guard low.latitude <= high.latitude else { throw .invalidArgument("\(field): low.latitude is north of high.latitude") }
        return (low, high)
    }

    /// Google's largest radius.
    static let googleMaximumRadius = 50_000.0

    /// A circle `{center, radius}` at `field`: a centre is required, a radius (0 when absent) is
    /// 0 to `maximumRadius` metres (Google's bound unless said: searchNearby takes up to half the equator).
    static func circle(
        _ circle: ProtoJSONObject, field: String, maximumRadius: Double = googleMaximumRadius
    ) throws(RPCError) -> (center: Coordinate, metres: Double) {
        guard let center = try point(circle.object("center", fields: ["latitude", "longitude"]), field: "\(field).center") else {
            throw .invalidArgument("\(field).center is required")
        }
        let metres = try circle.double("radius") ?? 0
        guard metres >= 0, metres <= maximumRadius else {
            let beyond = maximumRadius > googleMaximumRadius ? " (nearby takes up to \(Int(maximumRadius)))" : ""
            throw .invalidArgument(
                "\(field).radius must be between 0.0 and \(Int(googleMaximumRadius)).0 metres, inclusive\(beyond)")
        }
        return (center, metres)
    }

    /// A circle (radius 0 to 50,000 m, as Google) or a rectangle, whichever `object` holds.
    static func area(_ object: ProtoJSONObject, field: String) throws(RPCError) -> PlaceSearch.Area {
        if let circle = try object.object("circle", fields: ["center", "radius"]) {
            let (center, metres) = try Self.circle(circle, field: "\(field).circle")
            // A circle of 0 m leans to its centre; as a restriction it holds what lies there.
            return .circle(center: center, radius: (try? SearchRadius(metres: max(metres, 1))) ?? .default)
        }
        if let rectangle = try object.object("rectangle", fields: ["low", "high"]) {
            let corners = try Self.rectangle(rectangle, field: "\(field).rectangle")
            return .rectangle(low: corners.low, high: corners.high)
        }
        throw .invalidArgument("\(field) takes a circle or a rectangle")
    }
}
