extension PlaceCategory {
    /// The Google Places type this category answers to in `type=` and shows
    /// in `types` (Google has no separate type for theatres or fuel: its
    /// nearest are used).
    public var googleType: String {
        switch self {
        case .restaurant: "restaurant"
        case .cafe: "cafe"
        case .nightclub: "night_club"
        case .atm: "atm"
        case .bar: "bar"
        case .bank: "bank"
        case .pharmacy: "pharmacy"
        case .hospital: "hospital"
        case .hotel: "lodging"
        case .supermarket: "supermarket"
        case .bakery: "bakery"
        case .fuel: "gas_station"
        case .museum: "museum"
        case .attraction: "tourist_attraction"
        case .theatre: "movie_theater"
        case .postOffice: "post_office"
        }
    }

    /// A category by its Google type or its own id, as `type=` names it.
    public init?(apiType: String) {
        if let own = PlaceCategory(rawValue: apiType) {
            self = own
        } else if let google = Self.allCases.first(where: { $0.googleType == apiType }) {
            self = google
        } else {
            return nil
        }
    }
}
