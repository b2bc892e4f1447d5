import NearbyKit
import NearbyService

/// What the two autocompletes (legacy and `/v1`) answer, in one order:
/// the streets, addresses and towns that answer every word typed, then the
/// places whose names do, then addresses that answer part; each once, at most `limit`.
enum AutocompleteAnswer {
    case address(GeocodeCandidate)
    case place(Place)

    /// Of everything an answer may be (`PlaceAutocompleteQuery.Answer`), what
    /// Google's address type or collection names: nil for a kind of place.
    static func answers(forAddressType name: String) -> Set<PlaceAutocompleteQuery.Answer>? {
        switch name {
        case "geocode": [.addresses, .streets, .towns, .areas, .postcodes]
        case "address": [.addresses, .streets]
        case "(regions)": [.towns, .areas, .postcodes]
        case "(cities)", "locality": [.towns]
        case "street_address", "premise": [.addresses]
        case "route": [.streets]
        case "postal_code": [.postcodes]
        case "country", "sublocality", "neighborhood", "administrative_area_level_1", "administrative_area_level_2",
            "administrative_area_level_3":
            [.areas]
        default: nil
        }
    }

    /// Whether an address answer lies in `area` (a circle or a rectangle asked as a restriction).
    static func lies(_ candidate: GeocodeCandidate, in search: PlaceSearch) -> Bool {
        guard let here = try? Coordinate(latitude: candidate.location.latitude, longitude: candidate.location.longitude) else {
            return false
        }
        switch search.area {
        case .anywhere: return true
        case .circle(let center, let radius): return Geodesic.distance(from: center, to: here) <= radius.metres
        case .rectangle: return search.contains(here)
        }
    }

    static func ordered(addresses: [GeocodeCandidate], places: [Place], limit: Int) -> [AutocompleteAnswer] {
        var seen = Set<String>()
        var answers: [AutocompleteAnswer] = []
        func add(_ answer: AutocompleteAnswer, id: String) {
            guard answers.count < limit, seen.insert(id).inserted else { return }
            answers.append(answer)
        }
        for candidate in addresses where !candidate.partialMatch { add(.address(candidate), id: candidate.id ?? "") }
        for place in places { add(.place(place), id: place.id) }
        for candidate in addresses where candidate.partialMatch { add(.address(candidate), id: candidate.id ?? "") }
        return answers
    }
}
