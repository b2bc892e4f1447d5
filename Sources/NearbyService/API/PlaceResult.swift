import NearbyKit

/// One place as Google's Places API gives it (`place_id`, `name`,
/// `vicinity`, `geometry.location`, `types`, `opening_hours.open_now`, …),
/// plus what Google has no field for, under names of nearby's own: the
/// distance the service measured (`distance_m`) and the OpenStreetMap
/// details (`osm`), so that a client rebuilds the place exactly.
public struct PlaceResult: Codable, Sendable, Equatable {
    public var placeID: String
    public var name: String
    public var vicinity: String?
    public var geometry: Geometry
    public var types: [String]
    public var openingHours: OpeningHours?
    public var businessStatus = "OPERATIONAL"
    // Place Details fields.
    public var formattedAddress: String?
    /// Google's parts of the address, each with nearby's `source` (the rule
    /// that found it); in search results too, so that a client rebuilds the place.
    public var addressComponents: [AddressComponent]?
    public var formattedPhoneNumber: String?
    public var internationalPhoneNumber: String?
    public var website: String?
    /// The place's page on openstreetmap.org.
    public var url: String?
    /// The images OSM names for it (`Place.photos`), each read back by `/maps/api/place/photo`.
    public var photos: [Photo]?
    // nearby's own.
    public var distanceMetres: Double?
    public var osm: OSMDetails

    enum CodingKeys: String, CodingKey {
        case name, vicinity, geometry, types, website, url, osm, photos
        case placeID = "place_id"
        case openingHours = "opening_hours"
        case businessStatus = "business_status"
        case formattedAddress = "formatted_address"
        case addressComponents = "address_components"
        case formattedPhoneNumber = "formatted_phone_number"
        case internationalPhoneNumber = "international_phone_number"
        case distanceMetres = "distance_m"
    }

    public struct Geometry: Codable, Sendable, Equatable {
        public var location: LatLng
        public init(location: LatLng) { self.location = location }
    }

    public struct LatLng: Codable, Sendable, Equatable {
        public var lat: Double
        public var lng: Double
        public init(lat: Double, lng: Double) {
            self.lat = lat
            self.lng = lng
        }
    }

    /// Google's `opening_hours`: `open_now` where the hours say whether the
    /// place is open (absent, never null, when they do not: strict decoders
    /// of Google's answers take it as a `Bool`), `weekday_text` and `periods`
    /// where the hours can be stated as a week.
    public struct OpeningHours: Codable, Sendable, Equatable {
        public var openNow: Bool?
        public var weekdayText: [String]?
        public var periods: [Period]?

        enum CodingKeys: String, CodingKey {
            case openNow = "open_now"
            case weekdayText = "weekday_text"
            case periods
        }

        public init(openNow: Bool?, weekdayText: [String]? = nil, periods: [Period]? = nil) {
            self.openNow = openNow
            self.weekdayText = weekdayText
            self.periods = periods
        }
    }

    /// `{"open":{"day":1,"time":"0830"},"close":{"day":1,"time":"1900"}}`, days 0 = Sunday.
    public struct Period: Codable, Sendable, Equatable {
        public var open: DayTime
        public var close: DayTime?
        public init(open: DayTime, close: DayTime?) {
            self.open = open
            self.close = close
        }
    }

    public struct DayTime: Codable, Sendable, Equatable {
        public var day: Int
        public var time: String
        public init(day: Int, time: String) {
            self.day = day
            self.time = time
        }
    }

    /// What OpenStreetMap says that Google's shape has no room for.
    public struct OSMDetails: Codable, Sendable, Equatable {
        /// nearby's category ids, the main one first (`cafe`).
        public var categories: [String]
        /// The raw `opening_hours` value.
        public var openingHours: String?
        /// The IANA zone the hours are read in.
        public var timezone: String?
        public var cuisine: String?
        public var image: String?
        public var tags: [String: String]

        enum CodingKeys: String, CodingKey {
            case categories, timezone, cuisine, image, tags
            case openingHours = "opening_hours"
        }
    }
}

extension PlaceResult {
    /// A place as the API gives it; `openNow` is what the server evaluated;
    /// its name in `language` where it has one (`name:fr`).
    public init(place: Place, distance: Double?, openNow: Bool?, language: String? = nil) {
        placeID = place.id
        name = place.name(in: language)
        vicinity = place.address?.short
        geometry = Geometry(location: LatLng(lat: place.coordinate.latitude, lng: place.coordinate.longitude))
        types = place.categories.map(\.apiType) + ["point_of_interest", "establishment"]
        // Absent when nothing is known, as Google leaves it out.
        openingHours = openNow.map { OpeningHours(openNow: $0) }
        formattedAddress = place.address?.formatted
        addressComponents = place.address.flatMap { $0.components.isEmpty ? nil : $0.components }
        formattedPhoneNumber = place.phone
        internationalPhoneNumber = place.phone
        website = place.website
        url = place.openStreetMapURL
        photos = place.photos.isEmpty ? nil : place.photos.map { Photo($0, of: place.id) }
        distanceMetres = distance
        osm = OSMDetails(
            categories: place.categories.map(\.rawValue), openingHours: place.openingHours, timezone: place.timeZone,
            cuisine: place.cuisine, image: place.imageURL, tags: place.tags)
    }

    /// A street, an address point or a town as Place Details gives what is
    /// no place: its name (the address's first part), its address, where it
    /// is and what it is; no OSM categories or tags.
    public init(address result: GeocodeResult) {
        placeID = result.placeID
        name = result.formattedAddress.components(separatedBy: ", ").first ?? result.formattedAddress
        geometry = Geometry(location: result.geometry.location)
        types = result.types
        formattedAddress = result.formattedAddress
        addressComponents = result.addressComponents.isEmpty ? nil : result.addressComponents
        osm = OSMDetails(categories: [], tags: [:])
    }

    /// The place this result describes, exactly as the server had it.
    public func place() throws(NearbyAPIError) -> Place {
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: geometry.location.lat, longitude: geometry.location.lng)
        } catch {
            throw .badResponse(
                "place \(TerminalSafeText.escaped(placeID, limit: 40)) has an invalid location: \(error.localizedDescription)")
        }
        // A street, an address or a town (`init(address:)`): details of what is no place.
        guard !osm.categories.isEmpty else { throw .unknownPlace(placeID) }
        let categories = osm.categories.compactMap(PlaceCategory.init(rawValue:))
        guard let main = categories.first else {
            let named = TerminalSafeText.escaped(osm.categories.joined(separator: ", "), limit: 120)
            throw .badResponse("place \(TerminalSafeText.escaped(placeID, limit: 40)) has no category nearby knows (\(named))")
        }
        let components = addressComponents ?? []
        let written = formattedAddress ?? vicinity
        let address = components.isEmpty && written == nil ? nil : PostalAddress(components: components, formatted: written)
        return Place(
            id: placeID, name: name, category: main, otherCategories: Array(categories.dropFirst()), coordinate: coordinate,
            address: address, openingHours: osm.openingHours, phone: formattedPhoneNumber,
            website: website, cuisine: osm.cuisine, imageURL: osm.image, timeZone: osm.timezone, tags: osm.tags)
    }
}
