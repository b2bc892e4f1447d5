/// The `status` of a Google Places answer: clients branch on it, not on the
/// HTTP status, so nearby uses Google's values where Google would.
public enum PlacesAPIStatus: String, Codable, Sendable {
    case ok = "OK"
    case zeroResults = "ZERO_RESULTS"
    case invalidRequest = "INVALID_REQUEST"
    case notFound = "NOT_FOUND"
    case overQueryLimit = "OVER_QUERY_LIMIT"
    case requestDenied = "REQUEST_DENIED"
    case unknownError = "UNKNOWN_ERROR"
}
