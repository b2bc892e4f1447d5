import NearbyKit
import NearbyService

/// The legacy autocomplete routes' answer: `predictions`, `status`, and an
/// `error_message` when refused.
struct PlaceAutocompleteResponse: Encodable {
    var predictions: [AutocompletePrediction] = []
    var status: PlacesAPIStatus
    var errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case predictions, status
        case errorMessage = "error_message"
    }
}

/// One prediction in Google's legacy shape: the whole text (`description`),
/// its parts as `terms` (the name, then each part of the address, `, `
/// between them), where the words typed match it (`matched_substrings`,
/// offsets and lengths in Unicode characters, as `/v1`'s matches), and the
/// main and secondary texts. A place or an address has its `place_id` (and
/// `reference`, its old name) and types; a search to make has neither.
struct AutocompletePrediction: Encodable {
    struct Substring: Encodable, Equatable {
        var length: Int
        var offset: Int
    }

    struct Term: Encodable, Equatable {
        var offset: Int
        var value: String
    }

    struct Formatting: Encodable {
        var mainText: String
        var mainTextMatchedSubstrings: [Substring]
        var secondaryText: String?

        enum CodingKeys: String, CodingKey {
            case mainText = "main_text"
            case mainTextMatchedSubstrings = "main_text_matched_substrings"
            case secondaryText = "secondary_text"
        }
    }

    var description: String
    var distanceMeters: Int?
    var matchedSubstrings: [Substring]
    var placeID: String?
    var reference: String?
    var structuredFormatting: Formatting
    var terms: [Term]
    var types: [String]?

    enum CodingKeys: String, CodingKey {
        case description, reference, terms, types
        case distanceMeters = "distance_meters"
        case matchedSubstrings = "matched_substrings"
        case placeID = "place_id"
        case structuredFormatting = "structured_formatting"
    }

    /// `main` and the parts after it, matched against the words typed.
    init(main: String, secondary: [String], typed: [String], placeID: String?, types: [String]?, distanceMeters: Int?) {
        let parts = [main] + secondary.filter { !$0.isEmpty }
        description = parts.joined(separator: ", ")
        var offset = 0
        terms = parts.map { part in
            defer { offset += part.unicodeScalars.count + 2 }
            return Term(offset: offset, value: part)
        }
        matchedSubstrings = Self.substrings(of: typed, in: description)
        structuredFormatting = Formatting(
            mainText: main, mainTextMatchedSubstrings: Self.substrings(of: typed, in: main),
            secondaryText: parts.count > 1 ? parts.dropFirst().joined(separator: ", ") : nil)
        self.placeID = placeID
        reference = placeID
        self.types = types
        self.distanceMeters = distanceMeters
    }

    private static func substrings(of typed: [String], in text: String) -> [Substring] {
        TextMatches.ranges(of: typed, in: text).map {
            Substring(length: $0.endOffset - ($0.startOffset ?? 0), offset: $0.startOffset ?? 0)
        }
    }

    /// A place: its name in the language asked, then its short address.
    static func place(_ place: Place, typed: [String], language: String?, origin: Coordinate?) -> AutocompletePrediction {
        AutocompletePrediction(
            main: place.name(in: language), secondary: place.address.map { Self.parts(of: $0.short) } ?? [], typed: typed,
            placeID: place.id, types: place.categories.map(\.apiType) + ["point_of_interest", "establishment"],
            distanceMeters: origin.map { Int(Geodesic.distance(from: $0, to: place.coordinate).rounded()) })
    }

    /// A street, an address, a town or a postcode: its formatted address, the first part its main text.
    static func address(_ result: GeocodeResult, typed: [String], origin: Coordinate?) -> AutocompletePrediction {
        let parts = Self.parts(of: result.formattedAddress)
        let location = result.geometry.location
        let here = try? Coordinate(latitude: location.lat, longitude: location.lng)
        return AutocompletePrediction(
            main: parts.first ?? result.formattedAddress, secondary: Array(parts.dropFirst()), typed: typed,
            placeID: result.placeID, types: result.types + ["geocode"],
            distanceMeters: origin.flatMap { origin in here.map { Int(Geodesic.distance(from: origin, to: $0).rounded()) } })
    }

    /// A search to make: "pizza in Vaduz", "Cafés".
    static func search(_ text: String, typed: [String]) -> AutocompletePrediction {
        AutocompletePrediction(main: text, secondary: [], typed: typed, placeID: nil, types: nil, distanceMeters: nil)
    }

    private static func parts(of text: String) -> [String] {
        text.components(separatedBy: ", ").filter { !$0.isEmpty }
    }
}
