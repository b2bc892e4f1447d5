/// `GET /maps/api/place/nearbysearch/json`, in the shape of Google's Places
/// Nearby Search answer.
public struct NearbySearchResponse: Codable, Sendable {
    public var status: PlacesAPIStatus
    public var results: [PlaceResult]
    /// Present when more results follow; it works at once (Google makes clients wait).
    public var nextPageToken: String?
    public var htmlAttributions: [String]
    public var errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case status, results
        case nextPageToken = "next_page_token"
        case htmlAttributions = "html_attributions"
        case errorMessage = "error_message"
    }

    public init(
        status: PlacesAPIStatus, results: [PlaceResult] = [], nextPageToken: String? = nil,
        htmlAttributions: [String] = [], errorMessage: String? = nil
    ) {
        self.status = status
        self.results = results
        self.nextPageToken = nextPageToken
        self.htmlAttributions = htmlAttributions
        self.errorMessage = errorMessage
    }
}
