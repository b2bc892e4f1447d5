import Foundation
import NearbyKit
import NearbyService

/// A place in the shape of the Places API (New)'s Place, holding only the
/// fields its mask asks for: a field outside the mask is neither computed
/// nor sent. What OpenStreetMap does not state is left out, never guessed
/// (docs/PLACES-API-NEW.md has the table of fields and the tags behind them).
struct PlacesAPINewPlace: Encodable {
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
        identify(place, context)
        locate(place, context)
        describeHours(place, context)
        describeService(place, context)
        describeOptions(place, context)
    }

    /// Its names, kinds and phone numbers.
    private mutating func identify(_ place: Place, _ context: Context) {
        let mask = context.mask
        let tags = place.tags
        if mask.has("name") { name = "places/\(place.id)" }
        if mask.has("id") { id = place.id }
        if mask.has("displayName") {
            let localized = context.language.flatMap { tags["name:\($0)"] }
            displayName = LocalizedText(text: place.name(in: context.language), languageCode: localized != nil ? context.language : nil)
        }
        if mask.has("types") { types = PlacesAPINewPlaceTypes.types(of: place) }
        if mask.has("primaryType") { primaryType = PlacesAPINewPlaceTypes.primaryType(of: place) }
        if mask.has("primaryTypeDisplayName") {
            let label = place.category.singularName(in: context.language)
            primaryTypeDisplayName = LocalizedText(text: label.text, languageCode: label.language)
        }
        // Written by libphonenumber as Google writes them; without it, OSM's own where it is international (+377 …).
        if mask.has("internationalPhoneNumber") {
            internationalPhoneNumber = place.phoneNumber(.international) ?? place.phone.flatMap { $0.hasPrefix("+") ? $0 : nil }
        }
        if mask.has("nationalPhoneNumber") { nationalPhoneNumber = place.phoneNumber(.national) }
    }

    /// Where it is: its address, position, viewport and links.
    private mutating func locate(_ place: Place, _ context: Context) {
        let mask = context.mask
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
    }

    /// Its hours and zone at `context.now`.
    private mutating func describeHours(_ place: Place, _ context: Context) {
        let mask = context.mask
        let zone = place.timeZone.flatMap(context.hours.zone(named:)) ?? context.zone
        if mask.has("regularOpeningHours") { regularOpeningHours = Self.hours(of: place, context) }
        if mask.has("currentOpeningHours") { currentOpeningHours = Self.currentHours(of: place, in: zone, context) }
        if mask.has("utcOffsetMinutes") { utcOffsetMinutes = zone.secondsFromGMT(for: context.now) / 60 }
        if mask.has("timeZone") { timeZone = TimeZoneID(id: zone.identifier) }
        if mask.has("businessStatus") { businessStatus = context.enumsAsNumbers ? .number(1) : .name("OPERATIONAL") }
    }

    /// What it serves and allows, from OSM's yes/no keys.
    private mutating func describeService(_ place: Place, _ context: Context) {
        let mask = context.mask
        let tags = place.tags
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
    }

    /// Its charging, accessibility, photos and payment, where OSM states them.
    private mutating func describeOptions(_ place: Place, _ context: Context) {
        let mask = context.mask
        let tags = place.tags
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

    /// OSM's `yes`/`no` as a boolean; anything else (`limited`, `seasonal`) states nothing.
    private static func yesNo(_ value: String?, only: Bool = false) -> Bool? {
        switch value {
        case "yes": true
        case "only" where only: true
        case "no": false
        default: nil
        }
    }
}
