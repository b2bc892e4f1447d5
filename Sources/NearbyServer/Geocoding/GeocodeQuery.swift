import NearbyKit
import NearbyService

/// What a Geocoding API request asks: the address at `latlng`, or of the
/// place `place_id` (what Google's clients' `reverse_geocode` sends for a
/// string without a comma), in `language`, only of `result_type` and
/// `location_type` (`|`-separated, as Google reads them).
public struct GeocodeQuery: Sendable {
    public enum Subject: Sendable {
        case position(Coordinate)
        case place(PlaceID)
    }

    public var subject: Subject
    public var language: String?
    public var resultTypes: Set<String>
    public var locationTypes: Set<String>

    public static let locationTypeNames: Set<String> = ["ROOFTOP", "RANGE_INTERPOLATED", "GEOMETRIC_CENTER", "APPROXIMATE"]

    /// Refusals in Google's words where Google has them.
    init(_ parameters: QueryParameters) throws(NearbyAPIError) {
        if parameters["address"] != nil || parameters["components"] != nil {
            throw .invalidRequest("nearby answers reverse geocoding only (latlng= or place_id=), not addresses (address=, components=)")
        }
        if let latlng = parameters["latlng"] {
            let parts = latlng.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lat = DecimalText.value(parts[0]), let lng = DecimalText.value(parts[1]) else {
                throw .invalidRequest("Invalid request. Invalid 'latlng' parameter: it must be LAT,LNG in decimal degrees.")
            }
            do {
                subject = .position(try Coordinate(latitude: lat, longitude: lng))
            } catch {
                throw .invalidRequest("Invalid request. Invalid 'latlng' parameter: \(error.localizedDescription).")
            }
        } else if let id = parameters["place_id"], !id.isEmpty {
            guard id.utf8.count <= 64 else { throw .invalidRequest("Invalid request. Invalid 'place_id' parameter.") }
            subject = .place(id)
        } else {
            throw .invalidRequest("Invalid request. Missing the 'latlng' or 'place_id' parameter.")
        }
        language = try SearchParameters.language(parameters["language"])
        resultTypes = Self.list(parameters["result_type"])
        locationTypes = Self.list(parameters["location_type"])
        if let unknown = locationTypes.subtracting(Self.locationTypeNames).sorted().first {
            throw .invalidRequest("Invalid request. Invalid 'location_type' parameter: \(TerminalSafeText.escaped(unknown, limit: 40)).")
        }
    }

    private static func list(_ text: String?) -> Set<String> {
        Set((text ?? "").split(separator: "|").map { String($0.trimmed()) }.filter { !$0.isEmpty })
    }
}
