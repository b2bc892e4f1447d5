import NearbyKit
import NearbyService

/// What a Geocoding API request asks: the places that answer `address`
/// and `components` (forward geocoding), the address at `latlng`, or of
/// the place `place_id` (what Google's clients' `reverse_geocode` sends for
/// a string without a comma), in `language`, only of `result_type` and
/// `location_type` (`|`-separated, as Google reads them).
public struct GeocodeQuery: Sendable {
    public enum Subject: Sendable {
        case position(Coordinate)
        case place(PlaceID)
        case words(GeocodeRequest)
    }

    public var subject: Subject
    public var language: String?
    public var resultTypes: Set<String>
    public var locationTypes: Set<String>

    public static let locationTypeNames: Set<String> = ["ROOFTOP", "RANGE_INTERPOLATED", "GEOMETRIC_CENTER", "APPROXIMATE"]

    /// Refusals in Google's words where Google has them.
    init(_ parameters: QueryParameters) throws(NearbyAPIError) {
        language = try SearchParameters.language(parameters["language"])
        if parameters["address"] != nil || parameters["components"] != nil {
            guard parameters["latlng"] == nil, parameters["place_id"] == nil else {
                throw .invalidRequest("Invalid request. Give one of 'address' (or 'components'), 'latlng' and 'place_id'.")
            }
            let address = parameters["address"]
            if let address, address.trimmed().isEmpty, parameters["components"] == nil {
                throw .invalidRequest("Invalid request. Invalid 'address' parameter: the text is empty.")
            }
            subject = .words(
                GeocodeRequest(
                    text: address, components: try Self.components(parameters["components"]),
                    bias: GeocodeRequest.Bias(bounds: try Self.bounds(parameters["bounds"]), region: try Self.region(parameters["region"])),
                    language: language))
        } else if let latlng = parameters["latlng"] {
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
        resultTypes = Self.list(parameters["result_type"])
        locationTypes = Self.list(parameters["location_type"])
        if let unknown = locationTypes.subtracting(Self.locationTypeNames).sorted().first {
            throw .invalidRequest("Invalid request. Invalid 'location_type' parameter: \(TerminalSafeText.escaped(unknown, limit: 40)).")
        }
    }

    /// `country:LI|postal_code:9490|locality:Vaduz`, as Google reads it.
    static func components(_ text: String?) throws(NearbyAPIError) -> GeocodeRequest.Components {
        var components = GeocodeRequest.Components()
        guard let text else { return components }
        for part in text.split(separator: "|") {
            let pair = part.split(separator: ":", maxSplits: 1).map { String($0.trimmed()) }
            guard pair.count == 2, !pair[1].isEmpty else {
                throw .invalidRequest("Invalid request. Invalid 'components' parameter: each part is KIND:VALUE, '|' between them.")
            }
            switch pair[0] {
            case "country":
                guard pair[1].count == 2, pair[1].allSatisfy({ $0.isASCII && $0.isLetter }) else {
                    throw .invalidRequest("Invalid request. Invalid 'components' parameter: a country is its ISO 3166-1 code (LI, MC).")
                }
                components.countries.append(pair[1].uppercased())
            case "postal_code": components.postalCode = pair[1]
            case "route": components.route = pair[1]
            case "locality": components.locality = pair[1]
            case "administrative_area": components.administrativeArea = pair[1]
            default:
                throw .invalidRequest(
                    "Invalid request. Invalid 'components' parameter: no component "
                        + "\(TerminalSafeText.escaped(pair[0], limit: 40)) (country, postal_code, route, locality, administrative_area).")
            }
        }
        return components
    }

    /// `SW_LAT,SW_LNG|NE_LAT,NE_LNG`.
    static func bounds(_ text: String?) throws(NearbyAPIError) -> BoundingBox? {
        guard let text else { return nil }
        let corners = text.split(separator: "|", omittingEmptySubsequences: false).map { corner -> Coordinate? in
            let parts = corner.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lat = DecimalText.value(parts[0]), let lng = DecimalText.value(parts[1]) else { return nil }
            return try? Coordinate(latitude: lat, longitude: lng)
        }
        guard corners.count == 2, let southwest = corners[0], let northeast = corners[1], southwest.latitude <= northeast.latitude else {
            throw .invalidRequest("Invalid request. Invalid 'bounds' parameter: it must be SW_LAT,SW_LNG|NE_LAT,NE_LNG.")
        }
        return BoundingBox(
            minLongitude: southwest.longitude, minLatitude: southwest.latitude, maxLongitude: northeast.longitude,
            maxLatitude: northeast.latitude)
    }

    /// A ccTLD (`li`, `uk`) as the ISO 3166-1 code it stands for.
    static func region(_ text: String?) throws(NearbyAPIError) -> String? {
        guard let text else { return nil }
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw .invalidRequest("Invalid request. Invalid 'region' parameter: it is a two-letter country code top-level domain (li, uk).")
        }
        let code = text.uppercased()
        return code == "UK" ? "GB" : code
    }

    private static func list(_ text: String?) -> Set<String> {
        Set((text ?? "").split(separator: "|").map { String($0.trimmed()) }.filter { !$0.isEmpty })
    }
}
