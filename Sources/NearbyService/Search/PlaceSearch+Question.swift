import NearbyKit

extension PlaceSearch {
    /// This search with its name read as a question in words (`Question.read`)
    /// when it names where, after "in", "near" or "around": the place —
    /// found by the service's geocoding — becomes the area (its extent, or
    /// the default radius around it; a position after them, the default
    /// radius around that) unless `keepingArea` (a caller's own restriction);
    /// the kinds the rest names become the search's kinds (unless the caller
    /// gave kinds), their words leaving the name ("restaurants in
    /// Monte-Carlo" is every restaurant there; "Monte-Carlo restaurant" too,
    /// where the words beside the kind's are a town or a district the data
    /// knows, `Question.placeBesideKind`). A place the data does not know leaves the
    /// text a name to search for, as it was ("Made in Italy"); so does any
    /// other text: a kind word beside a name may be the name's ("Café de Paris").
    ///
    /// A word that names different kinds in different languages is read in
    /// the search's language, else in English, else in the language of the
    /// country the place found lies in (`CountryLanguage`: "trolleybus in
    /// Monte-Carlo" is read in French, a bus stop), else in every language.
    public func readingQuestion(from service: any PlaceWebService, keepingArea: Bool) async throws(NearbyAPIError) -> PlaceSearch {
        guard let text = name, var question = try? Question.read(text, language: language) else { return self }
        var besideKind = false
        if question.near == nil, let words = question.placeBesideKind {
            question.near = .words(words)
            besideKind = true
        }
        guard question.near != nil else { return self }
        var search = self
        switch question.near {
        case .words(let words):
            guard
                let found = try await service.geocode(GeocodeRequest(text: words.joined(separator: " "), language: language)).first,
                !besideKind || (found.kind.isArea && !found.partialMatch)
            else { return self }
            if besideKind { question.parts = [] }
            if !keepingArea { search.area = Self.area(of: found) }
            if let country = found.address.countryCode, let regional = CountryLanguage.likely(in: country),
                let read = try? Question.read(text, language: language, regional: regional)
            {
                question.kinds = read.kinds
            }
        case .position(let position):
            if !keepingArea { search.area = .circle(center: position, radius: radius == .maximum ? .default : radius) }
        case nil:
            break
        }
        var words = question.parts.joined().map { $0 }
        if search.kinds.isEmpty, !question.kinds.isEmpty {
            search.kinds = Set(question.kinds)
            words.removeAll { KindVocabulary.shared.isWord($0, ofAnyOf: question.kinds) }
        }
        search.name = words.contains { !Question.stopWords.contains($0) } ? words.joined(separator: " ") : nil
        return search
    }

    /// Where places of a found area, street or address are looked for: its extent, else the default radius around it.
    static func area(of found: GeocodeCandidate) -> Area {
        let centre = try? Coordinate(latitude: found.location.latitude, longitude: found.location.longitude)
        if let box = found.bounds, case .area = found.kind,
            let low = try? Coordinate(latitude: box.minLatitude, longitude: box.minLongitude),
            let high = try? Coordinate(latitude: box.maxLatitude, longitude: box.maxLongitude)
        {
            return .rectangle(low: low, high: high)
        }
        return centre.map { .circle(center: $0, radius: .default) } ?? .anywhere(origin: nil)
    }
}
