import Foundation
import NearbyKit
import NearbyService

/// A place in the shape of the Places API (New)'s Place, holding only the
/// fields its mask asks for: a field outside the mask is neither computed
/// nor sent. What OpenStreetMap does not state is left out, never guessed
/// (docs/PLACES-API-NEW.md has the table of fields and the tags behind them).
struct PlaceV1: Encodable {
    struct LocalizedText: Encodable {
        let text: String
        let languageCode: String?
    }

    typealias LatLng = ShapesV1.LatLng

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

    var name: String?
    var id: String?
    var displayName: LocalizedText?
    var types: [String]?
    var primaryType: String?
    var primaryTypeDisplayName: LocalizedText?
    var nationalPhoneNumber: String?
    var internationalPhoneNumber: String?
    var formattedAddress: String?
    var shortFormattedAddress: String?
    var addressComponents: [Component]?
    var location: LatLng?
    var viewport: Viewport?
    var googleMapsUri: String?
    var websiteUri: String?
    var regularOpeningHours: OpeningHours?
    var currentOpeningHours: OpeningHours?
    var utcOffsetMinutes: Int?
    var timeZone: TimeZoneID?
    var businessStatus: Status?
    var takeout: Bool?
    var delivery: Bool?
    var dineIn: Bool?
    var servesVegetarianFood: Bool?
    var outdoorSeating: Bool?
    var allowsDogs: Bool?
    var goodForChildren: Bool?
    var restroom: Bool?
    var reservable: Bool?
    var liveMusic: Bool?
    var evChargeOptions: ChargeOptions?
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
        // Written by libphonenumber as Google writes them; without it, OSM's own where it is international (+377 …).
        if mask.has("internationalPhoneNumber") {
            internationalPhoneNumber = place.phoneNumber(.international) ?? place.phone.flatMap { $0.hasPrefix("+") ? $0 : nil }
        }
        if mask.has("nationalPhoneNumber") { nationalPhoneNumber = place.phoneNumber(.national) }
        if let address = place.address {
            if mask.has("formattedAddress") { formattedAddress = address.formatted }
            if mask.has("shortFormattedAddress") { shortFormattedAddress = address.short }
            if mask.has("addressComponents"), !address.components.isEmpty {
                addressComponents = address.components.map {
                    Component(longText: $0.longName, shortText: $0.shortName, types: $0.kind.googleTypes)
                }
            }
        }
        if mask.has("location") { location = LatLng(place.coordinate) }
        if mask.has("viewport") {
            // The region nearby's detail view shows the place in.
            let region = Region(center: place.coordinate, span: .placeDetail)
            let half = (region.span.latitudeDelta / 2, region.span.longitudeDelta / 2)
            // Near the antimeridian a longitude wraps, and the low one then lies east of the high one, as Google's viewports do.
            func wrapped(_ longitude: Double) -> Double {
                longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
            }
            viewport = Viewport(
                low: LatLng(latitude: max(-90, region.center.latitude - half.0), longitude: wrapped(region.center.longitude - half.1)),
                high: LatLng(latitude: min(90, region.center.latitude + half.0), longitude: wrapped(region.center.longitude + half.1)))
        }
        if mask.has("googleMapsUri") { googleMapsUri = place.openStreetMapURL }
        if mask.has("websiteUri") { websiteUri = place.website }
        let zone = place.timeZone.flatMap(context.hours.zone(named:)) ?? context.zone
        if mask.has("regularOpeningHours") { regularOpeningHours = Self.hours(of: place, context) }
        if mask.has("currentOpeningHours") { currentOpeningHours = Self.currentHours(of: place, in: zone, context) }
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
        // A children's corner, a high chair or a changing table says so; their absence says nothing.
        if mask.has("goodForChildren"), ["kids_area", "highchair", "changing_table"].contains(where: { tags[$0] == "yes" }) {
            goodForChildren = true
        }
        if mask.has("restroom") { restroom = Self.yesNo(tags["toilets"]) }
        if mask.has("reservable") {
            reservable = ["required", "recommended"].contains(tags["reservation"]) ? true : Self.yesNo(tags["reservation"])
        }
        if mask.has("liveMusic") { liveMusic = Self.yesNo(tags["live_music"]) }
        if mask.has("evChargeOptions") { evChargeOptions = Self.chargeOptions(tags, numbers: context.enumsAsNumbers) }
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

    /// Google's connector types (EVConnectorType, by name and number) for OSM's `socket:*` keys.
    private static let connectors: [String: (name: String, number: Int)] = [
        "type1": ("EV_CONNECTOR_TYPE_J1772", 2), "type2": ("EV_CONNECTOR_TYPE_TYPE_2", 3),
        "type2_cable": ("EV_CONNECTOR_TYPE_TYPE_2", 3), "chademo": ("EV_CONNECTOR_TYPE_CHADEMO", 4),
        "type1_combo": ("EV_CONNECTOR_TYPE_CCS_COMBO_1", 5), "type2_combo": ("EV_CONNECTOR_TYPE_CCS_COMBO_2", 6),
        "tesla_supercharger": ("EV_CONNECTOR_TYPE_TESLA", 7), "tesla_destination": ("EV_CONNECTOR_TYPE_TESLA", 7),
        "gb_t_ac": ("EV_CONNECTOR_TYPE_UNSPECIFIED_GB_T", 8), "gb_t_dc": ("EV_CONNECTOR_TYPE_UNSPECIFIED_GB_T", 8),
        "schuko": ("EV_CONNECTOR_TYPE_UNSPECIFIED_WALL_OUTLET", 9), "nacs": ("EV_CONNECTOR_TYPE_NACS", 10),
    ]

    /// Sockets by kind: `socket:type2=4` four of them, `socket:type2:output=22 kW` their rate. A socket
    /// named without a count (`yes`) is not counted: Google's counts are numbers, and none is guessed.
    private static func chargeOptions(_ tags: [String: String], numbers: Bool) -> ChargeOptions? {
        var byType: [String: (status: Status, rate: Double?, count: Int)] = [:]
        for (key, value) in tags where key.hasPrefix("socket:") {
            let kind = key.dropFirst("socket:".count)
            // Past ten thousand sockets a count is a mistake, and summing such counts could overflow.
            guard !kind.contains(":"), let count = Int(value), (1...10_000).contains(count) else { continue }
            let connector = connectors[String(kind)] ?? ("EV_CONNECTOR_TYPE_OTHER", 1)
            let rate = tags["socket:\(kind):output"].flatMap(Self.kilowatts)
            let status: Status = numbers ? .number(connector.number) : .name(connector.name)
            let known = byType[connector.name]
            byType[connector.name] = (
                status, [known?.rate, rate].compactMap { $0 }.max(), (known?.count ?? 0) + count
            )
        }
        guard !byType.isEmpty else { return nil }
        let aggregations = byType.sorted { $0.key < $1.key }.map {
            ChargeOptions.Aggregation(type: $0.value.status, maxChargeRateKw: $0.value.rate, count: $0.value.count)
        }
        return ChargeOptions(connectorCount: aggregations.reduce(0) { $0 + $1.count }, connectorAggregation: aggregations)
    }

    /// `22 kW`, `50kW`, `3.7 kW`, `150000 W`: the rate in kilowatts; a value naming no unit is not read.
    private static func kilowatts(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        for (unit, scale) in [("kw", 1.0), ("w", 0.001)] where trimmed.hasSuffix(unit) {
            guard let number = Double(trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)), number > 0,
                number.isFinite
            else { return nil }
            return number * scale
        }
        return nil
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

    /// The seven days from today, dated (Google's `currentOpeningHours`):
    /// what the regular week says, less what dated rules take away or add.
    private static func currentHours(of place: Place, in zone: TimeZone, _ context: Context) -> OpeningHours? {
        guard let raw = place.openingHours, !raw.isEmpty, var hours = Self.hours(of: place, context),
            let dated = context.hours.hours(raw).dated(from: context.now, in: zone)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func moment(_ date: Date, truncated: Bool) -> Moment {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
            return Moment(
                day: (parts.weekday ?? 1) - 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0,
                date: .init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0),
                truncated: truncated ? true : nil)
        }
        hours.periods = dated.spans.map { span in
            Period(
                open: moment(span.open, truncated: span.openTruncated),
                close: span.close.map { moment($0, truncated: span.closeTruncated) })
        }
        hours.weekdayDescriptions = Self.descriptions(of: dated, calendar)
        return hours
    }

    private static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// One line a day of the window, Monday first, as the regular week's
    /// (`Monday: 08:30–19:00`, `Closed`, `Open 24 hours`).
    private static func descriptions(of dated: DatedHours, _ calendar: Calendar) -> [String] {
        var lines: [(weekday: Int, text: String)] = []
        var day = dated.start
        for _ in 0..<7 {
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            let weekday = calendar.component(.weekday, from: day) - 1
            let times = dated.spans.compactMap { span -> (Date, Date)? in
                let from = max(span.open, day), to = min(span.close ?? next, next)
                return from < to ? (from, to) : nil
            }
            let text: String
            if times.isEmpty {
                text = "Closed"
            } else if times.count == 1, times[0].0 == day, times[0].1 == next {
                text = "Open 24 hours"
            } else {
                text = times.map { "\(clock($0.0, calendar))–\(clock($0.1, calendar))" }.joined(separator: ", ")
            }
            lines.append((weekday, "\(dayNames[weekday]): \(text)"))
            day = next
        }
        return lines.sorted { ($0.weekday + 6) % 7 < ($1.weekday + 6) % 7 }.map(\.text)
    }

    private static func clock(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let h = parts.hour ?? 0, m = parts.minute ?? 0
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    private static func moment(_ moment: WeeklyHours.Moment) -> Moment {
        let digits = Array(moment.time.utf8).map { Int($0) - 48 }
        return Moment(day: moment.day, hour: digits[0] * 10 + digits[1], minute: digits[2] * 10 + digits[3])
    }
}
