import Foundation
import NearbyKit
import NearbyService

/// Google's findplacefromtext parameters: `input` (a question in words, as
/// textsearch's `query`, or a phone number in international format),
/// `inputtype` (`textquery` or `phonenumber`), `fields` (Google's legacy
/// names; none: `place_id` alone, as Google answers), `locationbias` and
/// `language`. Others (`key`) are accepted and ignored.
public struct FindPlaceRequest: Hashable, Sendable {
    public enum Input: Hashable, Sendable {
        /// The search the text asks for, before its question is read (`PlaceSearch.readingQuestion`).
        case text(PlaceSearch)
        /// The number in E.164, as libphonenumber writes it.
        case phoneNumber(String)
    }

    public internal(set) var input: Input
    public internal(set) var fields: FindPlaceFields
    /// Where the answer leans: distances are measured from here, nearest first among equals.
    public internal(set) var bias: Coordinate?
    public internal(set) var language: String?

    init(_ parameters: QueryParameters) throws(NearbyAPIError) {
        guard let text = parameters["input"] else { throw .invalidRequest("missing the input parameter (input=TEXT)") }
        fields = try FindPlaceFields(parameters["fields"])
        bias = try Self.bias(parameters["locationbias"])
        language = try SearchParameters.language(parameters["language"])
        switch parameters["inputtype"] {
        case "textquery":
            do {
                _ = try Question.read(text)
            } catch {
                throw .invalidRequest("input: \(error.description)")
            }
            var search = PlaceSearch(area: .anywhere(origin: bias), name: String(text.trimmed()))
            search.language = language
            input = .text(search)
        case "phonenumber":
            // As Google: international format, a plus sign and the country code first.
            guard text.trimmed().hasPrefix("+"), let number = Place.phoneNumber(String(text.trimmed()), country: nil, style: .e164)
            else {
                throw .invalidRequest("input must be a phone number in international format (+ and the country code first)")
            }
            input = .phoneNumber(number)
        case nil:
            throw .invalidRequest("missing the inputtype parameter (textquery or phonenumber)")
        default:
            throw .invalidRequest("inputtype must be textquery or phonenumber")
        }
    }

    /// `locationbias`: `ipbias` (Google's default: where the asker's IP address seems to be; nearby
    /// locates no address offline, so it leans nowhere), `point:LAT,LNG`, `circle:RADIUS@LAT,LNG` or
    /// `rectangle:SOUTH,WEST|NORTH,EAST` (leaning to its middle).
    static func bias(_ text: String?) throws(NearbyAPIError) -> Coordinate? {
        guard let text, text != "ipbias" else { return nil }
        let invalid = NearbyAPIError.invalidRequest(
            "locationbias must be ipbias, point:LAT,LNG, circle:RADIUS@LAT,LNG or rectangle:SOUTH,WEST|NORTH,EAST")
        guard let colon = text.firstIndex(of: ":") else { throw invalid }
        let value = String(text[text.index(after: colon)...])
        switch text[..<colon] {
        case "point":
            return try SearchParameters.location(value)
        case "circle":
            let parts = value.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw invalid }
            _ = try SearchParameters.radius(String(parts[0]))
            return try SearchParameters.location(String(parts[1]))
        case "rectangle":
            let corners = value.split(separator: "|", omittingEmptySubsequences: false)
            guard corners.count == 2 else { throw invalid }
            let low = try SearchParameters.location(String(corners[0]))
            let high = try SearchParameters.location(String(corners[1]))
            guard low.latitude <= high.latitude else { throw .invalidRequest("locationbias: the rectangle's south is north of its north") }
            return PlaceSearch(area: .rectangle(low: low, high: high)).center
        default:
            throw invalid
        }
    }
}
