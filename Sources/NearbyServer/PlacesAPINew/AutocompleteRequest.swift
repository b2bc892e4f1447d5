import Foundation
import NearbyKit
import NearbyService

/// `POST /v1/places:autocomplete`'s body: what has been typed so far (up to
/// `inputOffset`), read into the one search value as a name search over the
/// area it is restricted to, else anywhere, measured from where it leans or
/// from `origin`; and for the geocoder, as streets, addresses and towns
/// (`includedPrimaryTypes` from Google's table B: `geocode`, `route`, …).
public struct AutocompleteRequest: Sendable {
    static let fields: Set<String> = [
        "input", "inputOffset", "locationBias", "locationRestriction", "origin", "includedPrimaryTypes",
        "includedRegionCodes", "languageCode", "regionCode", "includeQueryPredictions", "sessionToken",
        "includePureServiceAreaBusinesses", "includeFutureOpeningBusinesses",
    ]
    /// Google answers at most five places.
    static let places = 5

    public internal(set) var search: PlaceSearch
    /// The text as typed, up to `inputOffset`.
    public internal(set) var typed: String
    var origin: Coordinate?
    var primaryTypes = PlacesAPINewPlaceTypeSet(types: [])
    /// Lower-case ISO 3166 codes; empty: any country.
    var regions: Set<String> = []
    var queryPredictions = false
    /// What may answer: places, unless `includedPrimaryTypes` names addresses
    /// (`PlaceAutocompleteQuery.types` says why not every kind by default).
    var answers: Set<PlaceAutocompleteQuery.Answer> = [.places]
    /// The text is a question the geocoder can read (not only "the" or punctuation).
    var readsAsQuestion = false

    public static func read(_ body: Data) throws(RPCError) -> AutocompleteRequest {
        let object = try ProtoJSONObject(body: body, fields: fields)
        guard let input = try object.string("input"), !input.trimmed().isEmpty else { throw .invalidArgument("input is required") }
        var typed = input
        if let offset = try object.int("inputOffset") {
            guard (0...input.unicodeScalars.count).contains(offset) else {
                throw .invalidArgument("inputOffset must be between 0 and the length of input")
            }
            typed = String(String.UnicodeScalarView(input.unicodeScalars.prefix(offset)))
        }
        guard typed.utf8.count <= NearbySearchQuery.maximumKeywordBytes else {
            throw .invalidArgument("input is longer than \(NearbySearchQuery.maximumKeywordBytes) bytes")
        }
        var request = AutocompleteRequest(search: PlaceSearch(area: .anywhere(origin: nil)), typed: typed)
        // Typing with no word in it yet ("-") suggests no place: a name search with no words would match them all.
        request.search.name = SearchWords.of(typed).isEmpty ? nil : String(typed.trimmed())
        request.readsAsQuestion = (try? Question.read(typed)) != nil
        request.origin = try PlacesAPINewShapes.point(object.object("origin", fields: ["latitude", "longitude"]), field: "origin")

        let restriction = try object.object("locationRestriction", fields: ["circle", "rectangle"])
        let bias = try object.object("locationBias", fields: ["circle", "rectangle"])
        guard restriction == nil || bias == nil else {
            throw .invalidArgument("locationBias and locationRestriction cannot both be given")
        }
        if let restriction {
            request.search.area = try PlacesAPINewShapes.area(restriction, field: "locationRestriction")
        } else if let bias {
            request.search.area = .anywhere(origin: PlaceSearch(area: try PlacesAPINewShapes.area(bias, field: "locationBias")).center)
        } else {
            request.search.area = .anywhere(origin: request.origin)
        }

        let primary = try object.strings("includedPrimaryTypes")
        guard primary.count <= 5 else { throw .invalidArgument("includedPrimaryTypes takes at most 5 types") }
        // Google's table B (address types, `geocode`; `address` is no type here, as at Google) beside table A's kinds.
        let addressTypes = primary.filter { $0 != "address" && AutocompleteAnswer.answers(forAddressType: $0) != nil }
        if primary.count > 1, primary.contains(where: { $0 == "(cities)" || $0 == "(regions)" }) {
            throw .invalidArgument("(cities) and (regions) cannot be combined with other types (in includedPrimaryTypes).")
        }
        request.primaryTypes = try PlacesAPINewPlaceTypes.read(primary.filter { !addressTypes.contains($0) }, field: "includedPrimaryTypes")
        if !primary.isEmpty {
            request.answers = addressTypes.reduce(into: []) { $0.formUnion(AutocompleteAnswer.answers(forAddressType: $1) ?? []) }
            if addressTypes.count < primary.count { request.answers.insert(.places) }
        }
        let regions = try object.strings("includedRegionCodes")
        guard regions.count <= 15 else { throw .invalidArgument("includedRegionCodes takes at most 15 codes") }
        for code in regions where code.count != 2 || !code.allSatisfy(\.isLetter) {
            throw .invalidArgument("includedRegionCodes: \(TerminalSafeText.escaped(code, limit: 20)) is not a two-letter region code")
        }
        request.regions = Set(regions.map { $0.lowercased() })
        request.queryPredictions = try object.bool("includeQueryPredictions") ?? false
        request.search.language = try PlacesAPINewLanguageCode.read(object.string("languageCode"))
        // Accepted, changing nothing: a session groups requests for billing, which nearby does not do.
        _ = try object.string("sessionToken")
        _ = try object.string("regionCode")
        _ = try object.bool("includePureServiceAreaBusinesses")
        _ = try object.bool("includeFutureOpeningBusinesses")
        // Only five are answered: the services can stop there unless a filter of this request's comes after them.
        if request.primaryTypes.isEmpty, request.regions.isEmpty, case .anywhere = request.search.area, request.answers.contains(.places) {
            request.search.limit = Self.places
        }
        return request
    }

    /// Whether a place the service found passes the primary types and regions.
    func admits(_ place: Place) -> Bool {
        (primaryTypes.isEmpty || primaryTypes.matches(place, primary: true))
            && (regions.isEmpty || place.address?.countryCode.map { regions.contains($0.lowercased()) } == true)
    }

    /// Whether an address answer is of a kind asked for, in the restriction and the regions.
    func admits(_ candidate: GeocodeCandidate) -> Bool {
        answers.contains(.init(candidate.kind)) && AutocompleteAnswer.lies(candidate, in: search)
            && (regions.isEmpty || candidate.address.countryCode.map { regions.contains($0.lowercased()) } == true)
    }

    /// The geocoder's question for what was typed, leaning to `origin` or to where the search leans.
    func geocodeRequest(leaningTo middle: Coordinate?) -> GeocodeRequest {
        var position = origin ?? middle
        if case .anywhere(nil) = search.area {} else { position = search.center }
        return GeocodeRequest.typed(
            typed, countries: regions.map { $0.uppercased() }.sorted(), leaningTo: position, language: search.language,
            limit: PlaceAutocompleteQuery.predictions)
    }

    /// The kinds whose name starts with what was typed ("caf" → Cafés): Google's query predictions.
    var kindsTyped: [PlaceCategory] {
        queryPredictions ? PlaceCategory.titled(startingWith: typed) : []
    }
}
