import Foundation
import NearbyKit
import NearbyService

/// The Places API (New)'s message types a `PlacesAPINewPlace` is made of, in its JSON field names.
extension PlacesAPINewPlace {
    struct LocalizedText: Encodable {
        let text: String
        let languageCode: String?
    }

    typealias LatLng = PlacesAPINewShapes.LatLng

    struct Component: Encodable {
        let longText: String
        let shortText: String
        let types: [String]
    }

    struct Moment: Encodable {
        struct Day: Encodable {
            let year: Int
            let month: Int
            let day: Int
        }
        let day: Int
        let hour: Int
        let minute: Int
        /// On `currentOpeningHours` only: the date, and whether the window's edge cut the time.
        var date: Day? = nil
        var truncated: Bool? = nil
    }

    struct Period: Encodable {
        let open: Moment
        let close: Moment?
    }

    struct OpeningHours: Encodable {
        var openNow: Bool?
        var periods: [Period]?
        var weekdayDescriptions: [String]?
        var nextOpenTime: String?
        var nextCloseTime: String?
    }

    struct TimeZoneID: Encodable {
        let id: String
    }

    struct Accessibility: Encodable {
        var wheelchairAccessibleEntrance: Bool?
        var wheelchairAccessibleRestroom: Bool?
        var wheelchairAccessibleParking: Bool?
    }

    struct Photo: Encodable {
        struct Attribution: Encodable {
            let displayName: String
            let uri: String
        }
        /// `places/{id}/photos/{image|commons}`, which the media route takes.
        let name: String
        let authorAttributions: [Attribution]
    }

    struct Payment: Encodable {
        var acceptsCreditCards: Bool?
        var acceptsDebitCards: Bool?
        var acceptsCashOnly: Bool?
        var acceptsNfc: Bool?
    }

    struct Viewport: Encodable {
        let low: LatLng
        let high: LatLng
    }

    /// Charging points by connector (OSM's `socket:*`), as Google's `evChargeOptions`.
    struct ChargeOptions: Encodable {
        struct Aggregation: Encodable {
            let type: Status
            let maxChargeRateKw: Double?
            let count: Int
        }
        let connectorCount: Int
        let connectorAggregation: [Aggregation]
    }

    /// A business status is an enum: by name, or by number when the client asked `$alt=json;enum-encoding=int`.
    enum Status: Encodable {
        case name(String)
        case number(Int)
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .name(let name): try c.encode(name)
            case .number(let number): try c.encode(number)
            }
        }
    }
}
