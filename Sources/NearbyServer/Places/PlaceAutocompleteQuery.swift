import Foundation
import NearbyKit
import NearbyService

/// Google's legacy Place Autocomplete (`autocomplete/json`) and Query
/// Autocomplete (`queryautocomplete/json`) parameters: `input` up to
/// `offset`, `location` with `radius` (a bias, or with `strictbounds` the
/// circle answers must lie in), `origin` (then `distance_meters`), `types`,
/// `components=country:xx|…` (at most five), `language`. `sessiontoken`
/// groups keystrokes for Google's billing and is accepted; `key` too.
/// Query Autocomplete takes only `input`, `offset`, `location`, `radius`
/// and `language`, as Google's.
public struct PlaceAutocompleteQuery: Hashable, Sendable {
    /// What an answer may be: `types` reads into these.
    public enum Answer: Hashable, Sendable, CaseIterable {
        case places, addresses, streets, towns, areas, postcodes
    }

    /// Google answers at most five predictions.
    static let predictions = 5

    /// The text as typed, up to `offset`.
    public internal(set) var typed: String
    /// The name search for places: what was typed, where, in which language.
    public internal(set) var search: PlaceSearch
    /// Where answers lean (`location`), and where distances are measured from (`origin`).
    public internal(set) var location: Coordinate?
    public internal(set) var origin: Coordinate?
    public internal(set) var answers: Set<Answer>
    /// Upper-case ISO 3166 codes; empty: any country.
    public internal(set) var countries: [String] = []
    /// The text is a question the geocoder can read (not only "the" or punctuation).
    public internal(set) var readsAsQuestion = false
    /// Query Autocomplete: searches to make ("pizza in Vaduz", "Cafés") before places.
    public internal(set) var suggestsSearches: Bool

    init(_ parameters: QueryParameters, queries: Bool) throws(NearbyAPIError) {
        guard let input = parameters["input"], !input.trimmed().isEmpty else {
            throw .invalidRequest("missing the input parameter (input=TEXT)")
        }
        typed = input
        if let text = parameters["offset"] {
            guard let offset = Int(text), (0...input.unicodeScalars.count).contains(offset) else {
                throw .invalidRequest("offset must be a whole number from 0 to the length of input")
            }
            typed = String(String.UnicodeScalarView(input.unicodeScalars.prefix(offset)))
        }
        do {
            _ = try Question.read(typed)
            readsAsQuestion = true
        } catch .nothingToLookFor, .empty {
            // Typing has only begun ("the", "-", an offset of 0): nothing to suggest yet, not a mistake.
        } catch {
            throw .invalidRequest("input: \(error.description)")
        }
        suggestsSearches = queries
        let location = try parameters["location"].map { text throws(NearbyAPIError) in try SearchParameters.location(text) }
        self.location = location
        let radius = try parameters["radius"].map { text throws(NearbyAPIError) in try SearchParameters.radius(text) }
        if radius != nil, location == nil { throw .invalidRequest("radius needs a location to be around") }
        var area = PlaceSearch.Area.anywhere(origin: location)
        if !queries {
            origin = try parameters["origin"].map { text throws(NearbyAPIError) in try SearchParameters.location(text) }
            let strict: Bool
            switch parameters["strictbounds"] {
            case nil, "false", "0": strict = false
            case "", "true", "1": strict = true
            default: throw .invalidRequest("strictbounds takes no value (or true/false)")
            }
            if strict {
                guard let location, let radius else { throw .invalidRequest("strictbounds needs a location and a radius") }
                area = .circle(center: location, radius: radius)
            }
        }
        search = PlaceSearch(area: area)
        search.name = SearchWords.of(typed).isEmpty ? nil : String(typed.trimmed())
        search.language = try SearchParameters.language(parameters["language"])
        answers = [.places]
        if !queries {
            (answers, search.kinds) = try Self.types(parameters["types"])
            countries = try Self.countries(parameters["components"])
        }
    }

    /// `types`: one of Google's collections (`geocode`, `address`,
    /// `establishment`, `(regions)`, `(cities)`) or up to five types, `|`
    /// between them: an address type (`locality`, `route`, `postal_code`, …)
    /// or a kind of place (`cafe`, or any word `type=` reads). None: places
    /// only. Google answers addresses too then, but the geocoder's answer
    /// to a keystroke took 23 ms at a million places (Benchmarks/places-new),
    /// against a third of a millisecond for the places alone.
    static func types(_ text: String?) throws(NearbyAPIError) -> (Set<Answer>, Set<PlaceCategory>) {
        guard let text, !text.isEmpty else { return ([.places], []) }
        let names = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard names.count <= 5 else { throw .invalidRequest("types takes at most 5 types") }
        var answers = Set<Answer>()
        var kinds = Set<PlaceCategory>()
        for name in names {
            if let named = AutocompleteAnswer.answers(forAddressType: name) {
                answers.formUnion(named)
            } else if name == "establishment" {
                answers.insert(.places)
            } else {
                kinds.formUnion(try SearchParameters.kinds([name], parameter: "types"))
                answers.insert(.places)
            }
        }
        return (answers, kinds)
    }

    /// `components=country:li|country:ch`: the countries answers must lie in.
    static func countries(_ text: String?) throws(NearbyAPIError) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        let codes = try text.split(separator: "|", omittingEmptySubsequences: false).map { part throws(NearbyAPIError) in
            let pair = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0] == "country", pair[1].count == 2, pair[1].allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw .invalidRequest("components must be country:XX (a two-letter ISO 3166 code), up to 5 joined by |")
            }
            return pair[1].uppercased()
        }
        guard codes.count <= 5 else { throw .invalidRequest("components takes at most 5 countries") }
        return codes
    }

    /// The question for the address answers.
    func geocodeRequest(leaningTo middle: Coordinate?) -> GeocodeRequest {
        GeocodeRequest.typed(typed, countries: countries, leaningTo: location ?? middle, language: search.language, limit: Self.predictions)
    }

    /// "pizza in Vad": the kind's words, the word between ("in", "near",
    /// "around") and what follows, when the words before it name a kind.
    static func kindAndPlace(_ typed: String) -> (kind: String, connective: String, place: String)? {
        let words = typed.split(separator: " ", omittingEmptySubsequences: true)
        guard let at = words.lastIndex(where: { ["in", "near", "around"].contains($0.lowercased()) }), at > 0, at < words.count - 1
        else { return nil }
        let kind = words[..<at].joined(separator: " ")
        guard let question = try? Question.read(kind), !question.kinds.isEmpty else { return nil }
        return (kind, String(words[at]), words[(at + 1)...].joined(separator: " "))
    }

    /// Whether a place lies in the countries asked.
    func admits(_ place: Place) -> Bool {
        countries.isEmpty || place.address?.countryCode.map(countries.contains) == true
    }

    /// Whether an address answer is of a kind `types` asked for, in the circle `strictbounds` asked for (if it did).
    func admits(_ candidate: GeocodeCandidate) -> Bool {
        answers.contains(Answer(candidate.kind)) && AutocompleteAnswer.lies(candidate, in: search)
    }
}

extension PlaceAutocompleteQuery.Answer {
    /// What a geocoding answer is, as `types` names it.
    init(_ kind: GeocodeCandidate.Kind) {
        switch kind {
        case .address: self = .addresses
        case .street: self = .streets
        case .postcode: self = .postcodes
        case .area(.locality): self = .towns
        case .area: self = .areas
        }
    }
}
