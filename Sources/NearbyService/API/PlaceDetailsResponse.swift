/// `GET /maps/api/place/details/json`, in the shape of Google's Place Details answer.
public struct PlaceDetailsResponse: Codable, Sendable {
    public var status: PlacesAPIStatus
    public var result: PlaceResult?
    public var htmlAttributions: [String]
    public var errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case status, result
        case htmlAttributions = "html_attributions"
        case errorMessage = "error_message"
    }

    public init(status: PlacesAPIStatus, result: PlaceResult? = nil, htmlAttributions: [String] = [], errorMessage: String? = nil) {
        self.status = status
        self.result = result
        self.htmlAttributions = htmlAttributions
        self.errorMessage = errorMessage
    }
}
