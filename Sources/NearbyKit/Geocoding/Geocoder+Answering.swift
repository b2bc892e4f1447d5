extension Geocoder {
    /// A question being answered: its candidates in the order of the best
    /// key each could have — what is known of it before its address is
    /// resolved: its name, kind, extent, spelling and distance, its own
    /// postcode; the words asked that some address could hold taken as found
    /// in its — and resolved in that order until none left could be among the
    /// answers. Resolving an address is most of a geocode's time, and a
    /// street's name that hundreds of towns share ("Hauptstrasse") answers
    /// with the first ten that answer all of it, not with all it found
    /// (Benchmarks/geocoding). The answers are those every candidate resolved would give.
    ///
    /// A store that reads rows around the candidates reads them a batch at
    /// a time: `pending(_:)`, then `resolve(_:with:)` over those rows.
    public struct Answering: Sendable {
        private struct Waiting: Sendable {
            var best: Key
            var source: GeocodeIndex.Source
            var nameWords: Set<String>
        }

        /// The candidates' index (`resolve` is told where to resolve them).
        private let geocoder: Geocoder
        private let asked: Asked
        private let request: GeocodeRequest
        /// The postcode asked, looked for alone when no candidate resolves.
        private let postcode: String?
        private let waiting: [Waiting]
        private var next = 0
        /// Resolved and scored, best first, each with what tells it apart from another answer.
        private var ranked: [(ranked: Ranked, identity: String)] = []
        private var resolvedAny = false
        private var postcodeLookedFor = false

        init(_ geocoder: Geocoder, _ asked: Asked, _ request: GeocodeRequest, postcode: String?) {
            self.geocoder = geocoder
            self.asked = asked
            self.request = request
            self.postcode = postcode
            let inAddresses = geocoder.wordsAnAddressCanHold(asked, language: request.language)
            waiting = geocoder.candidates(for: asked).compactMap { found in
                geocoder.bestKey(found, asked, request, inAddresses: inAddresses).map {
                    Waiting(best: $0, source: found.source, nameWords: found.nameWords)
                }
            }.sorted { $0.best < $1.best }
        }

        /// Whether no candidate left could be among the answers.
        public var isDone: Bool {
            if next < waiting.count { return !couldAnswer(waiting[next].best) }
            return resolvedAny || postcode == nil || postcodeLookedFor
        }

        /// Where the next `count` candidates to resolve lie (or, when none
        /// resolved, the postcode's sites): what `resolve(count, with:)` asks of its addresses.
        public func pending(_ count: Int) -> [LonLat] {
            guard !isDone else { return [] }
            if next < waiting.count {
                return waiting[next..<min(waiting.count, next + max(count, 1))].compactMap { geocoder.location(of: $0.source) }
            }
            return postcode.map { geocoder.postcodeSites($0).map(\.location) } ?? []
        }

        /// Resolves the next `count` candidates, or fewer when the rest could not answer.
        public mutating func resolve(_ count: Int, with addresses: any AddressResolving) {
            let geocoder = Geocoder(index: geocoder.index, addresses: addresses)
            var resolved = 0
            while resolved < max(count, 1), next < waiting.count, !isDone {
                let item = waiting[next]
                next += 1
                resolved += 1
                guard let candidate = geocoder.candidate(item.source, request.language) else { continue }
                resolvedAny = true
                if let scored = geocoder.scored(candidate, nameWords: item.nameWords, asked, request) { insert(scored) }
            }
            if next == waiting.count, !resolvedAny, let postcode, !postcodeLookedFor {
                postcodeLookedFor = true
                for candidate in geocoder.postcodes(postcode) {
                    if let scored = geocoder.scored(candidate, nameWords: [], asked, request) { insert(scored) }
                }
            }
        }

        /// The candidates answering as much as the best, each address once, best first.
        public var answers: [GeocodeCandidate] {
            guard let best = ranked.first?.ranked.key.share else { return [] }
            var seen = Set<String>()
            return ranked.prefix { $0.ranked.key.share == best }.filter { seen.insert($0.identity).inserted }
                .prefix(request.limit).map(\.ranked.candidate)
        }

        private mutating func insert(_ scored: Ranked) {
            let at = ranked.partitionPoint { !(scored.key < $0.ranked.key) }
            ranked.insert((scored, "\(scored.candidate.kind)|\(scored.candidate.address.formatted)"), at: at)
        }

        /// Whether a candidate whose key is at best this could be among the answers.
        private func couldAnswer(_ key: Key) -> Bool {
            guard let best = ranked.first?.ranked.key.share else { return true }
            guard key.share >= best else { return false }
            var seen = Set<String>()
            for (ranked, identity) in ranked.prefix(while: { $0.ranked.key.share == best }) where seen.insert(identity).inserted {
                if seen.count == request.limit { return key < ranked.key }
            }
            return true
        }
    }

    /// The question's candidates, to be resolved best first; nil for one with nothing to look for.
    public func answering(_ question: Question, _ request: GeocodeRequest) -> Answering? {
        var asked = Asked(question, request.components, lastWordIsTyped: request.lastWordIsTyped)
        guard !asked.isEmpty else { return nil }
        for word in asked.words { asked.matching[word] = index.words(matching: word) }
        asked.written = Self.writtenWords(request.text ?? "")
        return Answering(self, asked, request, postcode: question.postcode ?? request.components.postalCode)
    }

    /// Of the words asked, those some address could hold besides its
    /// street's name (`GeocodeIndex.isAddressWord`), as `scored` finds them:
    /// the word, one a typo away, or (being typed) a word it begins.
    func wordsAnAddressCanHold(_ asked: Asked, language: String?) -> Set<String> {
        var countryWords: Set<String>?
        return Set(
            asked.words.filter { word in
                let matching = asked.matching[word] ?? []
                if index.isAddressWord(word) || matching.contains(where: index.isAddressWord) { return true }
                if word == asked.typedStart, index.isAddressWordStart(word) { return true }
                let countries =
                    countryWords ?? Set(index.countryCodes.flatMap { SearchWords.of(AddressTags.countryName($0, language: language)) })
                countryWords = countries
                return countries.contains(word) || matching.contains(where: countries.contains)
                    || (word == asked.typedStart && countries.contains { NameQuery.starts($0, with: word) })
            })
    }

    /// The best key a source could have once resolved (`scored`): the words
    /// asked that its name holds, and those an address could hold
    /// (`inAddresses`), found; what its address might say taken at its best
    /// (a region the bias asks for, an area a town); nil for one that cannot
    /// answer (no location, an own postcode the request excludes).
    func bestKey(_ found: Found, _ asked: Asked, _ request: GeocodeRequest, inAddresses: Set<String>) -> Key? {
        guard let location = location(of: found.source) else { return nil }
        let sources = index.sources
        var named = found.nameWords
        var numberFound = asked.houseNumber.map(found.nameWords.contains) == true
        var postcodeFound = asked.postcode != nil
        /// A postcode the address will have: its own, which the resolver keeps.
        func known(_ code: String) -> Bool {
            let code = Self.normalised(code)
            if let restricted = request.components.postalCode.map(Self.normalised), restricted != code { return false }
            postcodeFound = asked.postcode == code
            return true
        }
        func spelled(_ name: String) -> Bool { Self.writtenWords(name).allSatisfy(asked.written.contains) }
        let kind: GeocodeCandidate.Kind
        let id: PlaceID
        let hasExtent: Bool
        var spelledAsTyped = true
        switch found.source {
        case .point(let i):
            let point = sources.points[i]
            (kind, id, numberFound) = (.address, point.id, true)
            hasExtent = !point.outline.isEmpty && BoundingBox(point.outline.joined().joined()) != nil
            if let code = point.address["postcode"], !code.isEmpty, !known(code) { return nil }
            // Its own street, as `AddressTags` reads it, is its route.
            if let route = point.address["street"] != nil ? point.address["street"] : point.address["place"], !route.isEmpty {
                spelledAsTyped = spelled(route)
                named.formUnion(SearchWords.of(route))
            }
        case .street(let i):
            let street = sources.streets[i]
            (kind, id, hasExtent, spelledAsTyped) = (.street, street.id, true, spelled(street.name))
        case .area(let i):
            let area = sources.areas[i]
            id = area.id
            hasExtent = BoundingBox(area.polygons.compactMap(\.first).joined()) != nil
            if area.kind == .postalCode {
                guard known(area.postcode ?? area.name) else { return nil }
                (kind, spelledAsTyped) = (.postcode, false)
            } else {
                kind = .area(.locality)
            }
        case .placeNode(let i):
            (kind, id, hasExtent) = (.area(.locality), sources.placeNodes[i].id, false)
        }
        var covered = asked.words.count { inAddresses.contains($0) || asked.finds($0, in: named) }
        if asked.numberIsEither {
            covered += numberFound || postcodeFound ? 1 : 0
        } else {
            covered += (numberFound ? 1 : 0) + (postcodeFound ? 1 : 0)
        }
        return Key(
            share: Double(covered) / Double(max(asked.units, 1)),
            nameFit: found.nameWords.intersection(asked.allWords).count - found.nameWords.subtracting(asked.allWords).count,
            numberFound: numberFound, kindOrder: Self.kindOrder(kind, numbered: asked.houseNumber != nil), hasExtent: hasExtent,
            spelledAsTyped: spelledAsTyped, bias: bias(at: location, request.bias), id: id)
    }
}
