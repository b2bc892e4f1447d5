/// `GET /maps/api/place/findplacefromtext/json`, in the shape of Google's
/// Find Place answer: the candidates, each with only the fields asked for.
public struct FindPlaceResponse: Codable, Sendable {
    public var status: PlacesAPIStatus
    public var candidates: [Candidate]
    public var errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case status, candidates
        case errorMessage = "error_message"
    }

    public init(status: PlacesAPIStatus, candidates: [Candidate] = [], errorMessage: String? = nil) {
        self.status = status
        self.candidates = candidates
        self.errorMessage = errorMessage
    }

    /// A place as `PlaceResult` gives it, each field present only when asked for (and known).
    public struct Candidate: Codable, Sendable, Equatable {
        public var placeID: String?
        public var name: String?
        public var formattedAddress: String?
        public var geometry: PlaceResult.Geometry?
        public var types: [String]?
        public var businessStatus: String?
        public var openingHours: PlaceResult.OpeningHours?
        public var photos: [PlaceResult.Photo]?

        enum CodingKeys: String, CodingKey {
            case name, geometry, types, photos
            case placeID = "place_id"
            case formattedAddress = "formatted_address"
            case businessStatus = "business_status"
            case openingHours = "opening_hours"
        }

        public init() {}
    }
}
