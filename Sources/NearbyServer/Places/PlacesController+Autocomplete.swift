import Hummingbird
import NearbyKit
import NearbyService

extension PlacesController {
    /// What someone typing may mean, at most five: places whose names answer
    /// the words and, where `types` names addresses, the streets, addresses
    /// and towns that answer every word before them and those that answer
    /// part after; Query Autocomplete puts searches to make first ("pizza in
    /// Vaduz", "Cafés"). The last word typed stands for any word it begins,
    /// unless a space ends it.
    func autocomplete(_ request: Request, context: Context, queries: Bool) async -> Response {
        do throws(NearbyAPIError) {
            let asked = try RequestParsing.autocomplete(query: request.uri.query, queries: queries)
            let info = try await service.datasetInfo()
            let typed = SearchWords.of(asked.typed)
            let searches = asked.suggestsSearches ? try await searches(asked, typed: typed, center: info.center) : []
            var addresses: [GeocodeCandidate] = []
            if asked.readsAsQuestion, !asked.answers.subtracting([.places]).isEmpty {
                addresses = try await service.geocode(asked.geocodeRequest(leaningTo: info.center)).filter {
                    $0.id != nil && asked.admits($0)
                }
            }
            var places: [Place] = []
            if asked.answers.contains(.places), asked.search.name != nil {
                var search = asked.search.leaning(to: info.center)
                if asked.countries.isEmpty { search.limit = PlaceAutocompleteQuery.predictions }
                places = search.arranged(try await service.fetchPlaces(search.placeQuery)).map(\.place).filter(asked.admits)
            }
            let answers = AutocompleteAnswer.ordered(
                addresses: addresses, places: places, limit: PlaceAutocompleteQuery.predictions - searches.count)
            let predictions =
                searches
                + answers.map { answer in
                    switch answer {
                    case .address(let candidate): .address(GeocodeResult(candidate), typed: typed, origin: asked.origin)
                    case .place(let place): .place(place, typed: typed, language: asked.search.language, origin: asked.origin)
                    }
                }
            return json.response(PlaceAutocompleteResponse(predictions: predictions, status: predictions.isEmpty ? .zeroResults : .ok))
        } catch {
            return failure(error, context: context) { status, message in
                json.response(PlaceAutocompleteResponse(status: status, errorMessage: message))
            }
        }
    }

    /// Query Autocomplete's searches: a kind "in" or "near" a town being
    /// typed ("pizza in Vad" → "pizza in Vaduz"), then the kinds whose title
    /// begins with the text ("caf" → "Cafés"); at most three.
    private func searches(_ asked: PlaceAutocompleteQuery, typed: [String], center: Coordinate?) async throws(NearbyAPIError)
        -> [AutocompletePrediction]
    {
        var texts: [String] = []
        if let (kind, connective, place) = PlaceAutocompleteQuery.kindAndPlace(asked.typed) {
            var request = asked.geocodeRequest(leaningTo: center)
            request.text = place
            for candidate in try await service.geocode(request) {
                guard case .area = candidate.kind, let name = candidate.address.formatted.components(separatedBy: ", ").first else {
                    continue
                }
                texts.append("\(kind) \(connective) \(name)")
            }
        }
        texts += PlaceCategory.titled(startingWith: asked.typed).map(\.displayName)
        return texts.prefix(3).map { .search($0, typed: typed) }
    }
}
