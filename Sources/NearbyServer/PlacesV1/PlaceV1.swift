import Foundation
import NearbyKit

/// A place in the shape of the Places API (New)'s Place, holding only the
/// fields its mask asks for: a field outside the mask is neither computed
/// nor sent. What OpenStreetMap does not state is left out, never guessed
/// (docs/PLACES-API-NEW.md has the table of fields and the tags behind them).
struct PlaceV1: Encodable {
    struct LocalizedText: Encodable {
        let text: String
        let languageCode: String?
    }

    struct LatLng: Encodable {
        let latitude: Double
        let longitude: Double
    }

    struct Component: Encodable {
        let longText: String
        let shortText: String
        let types: [String]
    }

    struct Moment: Encodable {
        let day: Int
        let hour: Int
        let minute: Int
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

    var name: String?
    var id: String?
    var displayName: LocalizedText?
    var types: [String]?
    var primaryType: String?
    var primaryTypeDisplayName: LocalizedText?
    var internationalPhoneNumber: String?
    var formattedAddress: String?
    var shortFormattedAddress: String?
    var addressComponents: [Component]?
    var location: LatLng?
    var googleMapsUri: String?
    var websiteUri: String?
    var regularOpeningHours: OpeningHours?
    var utcOffsetMinutes: Int?
    var timeZone: TimeZoneID?
    var businessStatus: Status?
    var takeout: Bool?
    var delivery: Bool?
    var dineIn: Bool?
    var servesVegetarianFood: Bool?
    var outdoorSeating: Bool?
    var allowsDogs: Bool?
    var accessibilityOptions: Accessibility?
    var paymentOptions: Payment?
    var photos: [Photo]?

    /// What the answer is made from besides the place itself.
    struct Context {
        let mask: FieldMask
        let language: String?
        let hours: OpeningHoursBook
        let now: Date
        /// The dataset's zone, for places that do not name their own.
        let zone: TimeZone
        let enumsAsNumbers: Bool
    }

    init(_ place: Place, _ context: Context) {
        let mask = context.mask
        let tags = place.tags
        if mask.has("name") { name = "places/\(place.id)" }
        if mask.has("id") { id = place.id }
        if mask.has("displayName") {
            let localized = context.language.flatMap { tags["name:\($0)"] }
            displayName = LocalizedText(text: place.name(in: context.language), languageCode: localized != nil ? context.language : nil)
        }
        if mask.has("types") { types = PlaceTypesV1.types(of: place) }
        if mask.has("primaryType") { primaryType = PlaceTypesV1.primaryType(of: place) }
        if mask.has("primaryTypeDisplayName") {
            primaryTypeDisplayName = LocalizedText(text: place.category.singularName, languageCode: "en")
        }
        // OSM's phone numbers are meant to be international (+377 …); others are not restated.
        if mask.has("internationalPhoneNumber"), let phone = place.phone, phone.hasPrefix("+") { internationalPhoneNumber = phone }
        if let address = place.address {
            if mask.has("formattedAddress") { formattedAddress = address.formatted }
            if mask.has("shortFormattedAddress") { shortFormattedAddress = address.short }
            if mask.has("addressComponents"), !address.components.isEmpty {
                addressComponents = address.components.map {
                    Component(longText: $0.longName, shortText: $0.shortName, types: $0.kind.googleTypes)
                }
            }
        }
        if mask.has("location") { location = LatLng(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude) }
        if mask.has("googleMapsUri") { googleMapsUri = place.openStreetMapURL }
        if mask.has("websiteUri") { websiteUri = place.website }
        let zone = place.timeZone.flatMap(context.hours.zone(named:)) ?? context.zone
        if mask.has("regularOpeningHours") { regularOpeningHours = Self.hours(of: place, context) }
        if mask.has("utcOffsetMinutes") { utcOffsetMinutes = zone.secondsFromGMT(for: context.now) / 60 }
        if mask.has("timeZone") { timeZone = TimeZoneID(id: zone.identifier) }
        if mask.has("businessStatus") { businessStatus = context.enumsAsNumbers ? .number(1) : .name("OPERATIONAL") }
        let takeaway = tags["takeaway"]
        if mask.has("takeout") { takeout = takeaway == "only" ? true : Self.yesNo(takeaway) }
        if mask.has("dineIn"), takeaway == "only" { dineIn = false }
        if mask.has("delivery") { delivery = Self.yesNo(tags["delivery"], only: true) }
        if mask.has("servesVegetarianFood") { servesVegetarianFood = Self.yesNo(tags["diet:vegetarian"], only: true) }
        if mask.has("outdoorSeating") { outdoorSeating = Self.yesNo(tags["outdoor_seating"]) }
        if mask.has("allowsDogs") { allowsDogs = tags["dog"] == "leashed" ? true : Self.yesNo(tags["dog"]) }
        if mask.has("accessibilityOptions") {
            let options = Accessibility(
                wheelchairAccessibleEntrance: Self.yesNo(tags["wheelchair"]),
                wheelchairAccessibleRestroom: Self.yesNo(tags["toilets:wheelchair"]),
                wheelchairAccessibleParking: place.category.rawValue == "parking"
                    ? (tags["capacity:disabled"].flatMap(Int.init).map { $0 > 0 } ?? nil) : nil)
            if options.wheelchairAccessibleEntrance != nil || options.wheelchairAccessibleRestroom != nil
                || options.wheelchairAccessibleParking != nil
            {
                accessibilityOptions = options
            }
        }
        if mask.has("photos") {
            let photos = place.photos.map { photo in
                let credit = photo.attribution
                return Photo(
                    name: "places/\(place.id)/photos/\(photo.source.rawValue)",
                    authorAttributions: [.init(displayName: credit.name, uri: credit.page)])
            }
            self.photos = photos.isEmpty ? nil : photos
        }
        if mask.has("paymentOptions") {
            let cash = tags["payment:cash"]
            let options = Payment(
                acceptsCreditCards: Self.yesNo(tags["payment:credit_cards"]),
                acceptsDebitCards: Self.yesNo(tags["payment:debit_cards"]),
                acceptsCashOnly: cash == "only" ? true : nil,
                acceptsNfc: Self.yesNo(tags["payment:contactless"]))
            if options.acceptsCreditCards != nil || options.acceptsDebitCards != nil || options.acceptsCashOnly != nil
                || options.acceptsNfc != nil
            {
                paymentOptions = options
            }
        }
    }

    /// OSM's `yes`/`no` as a boolean; anything else (`limited`, `seasonal`) states nothing.
    private static func yesNo(_ value: String?, only: Bool = false) -> Bool? {
        switch value {
        case "yes": true
        case "only" where only: true
        case "no": false
        default: nil
        }
    }

    /// Google's week (day 0 = Sunday) where the hours are one, and whether
    /// the place is open now, with the next change either way.
    private static func hours(of place: Place, _ context: Context) -> OpeningHours? {
        guard let raw = place.openingHours, !raw.isEmpty else { return nil }
        let state = context.hours.state(of: place, at: context.now, fallbackZone: context.zone)
        var hours = OpeningHours(openNow: state.isOpen)
        if let week = context.hours.hours(raw).weeklySchedule {
            hours.periods = week.periods.map { Period(open: moment($0.open), close: $0.close.map(moment)) }
            hours.weekdayDescriptions = week.weekdayText
        }
        if let change = state.nextChange {
            let time = change.formatted(.iso8601)
            switch (state.status, state.nextStatus) {
            case (.open, _): hours.nextCloseTime = time
            case (.closed, .open?): hours.nextOpenTime = time
            default: break
            }
        }
        return hours.openNow == nil && hours.periods == nil ? nil : hours
    }

    private static func moment(_ moment: WeeklyHours.Moment) -> Moment {
        let digits = Array(moment.time.utf8).map { Int($0) - 48 }
        return Moment(day: moment.day, hour: digits[0] * 10 + digits[1], minute: digits[2] * 10 + digits[3])
    }
}
