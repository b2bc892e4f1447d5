/// Forward geocoding: a question in words to the addresses, streets, areas
/// and postcodes of the data that answer it, best first.
///
/// A source is a candidate when every word of one of its names that is not
/// a stop word was typed, as a word or (from five letters) with one typo;
/// an address point only with the house number asked. While the text is
/// typed (autocomplete: `GeocodeRequest.lastWordIsTyped`), the last word
/// stands for every word it begins, and a name holding such a word is a
/// candidate whatever else it holds. Each candidate's
/// whole address is resolved as reverse geocoding resolves it there
/// (`AddressIndex`), best first, only while it could still be among the
/// answers (`Answering`), and the candidate is ranked by the share of the
/// question it answers — its name's words, its address's towns, districts,
/// regions, country and postcode, the number — then by what it is (with a
/// number: an address, then a street, then an area; without, an area before
/// a street), then by whether its
/// name is spelt as typed (accents and all), then by the caller's bias, then
/// by element id. A `place=*` node the address where it lies does not name
/// (a village in a municipality of another name) answers as itself. Only candidates answering as much as the best
/// are answered: a question that names a street the data lacks answers the
/// town with `partialMatch`, never a guess elsewhere; a number the street
/// lacks answers the street, marked partial, never a neighbouring house.
public struct Geocoder: Sendable {
    /// Where each candidate's whole address is resolved.
    let addresses: any AddressResolving
    /// What candidates are found in.
    public let index: GeocodeIndex

    /// More candidates than this are cut before their addresses are resolved, in the tables' order
    /// (address points, streets, areas, `place=*` nodes; each by element order): a name that many
    /// sources share ("Hauptstrasse") is narrowed by the rest of the question, not by the bias.
    public static let candidateLimit = 400
    /// The words a word being typed stands for, at most: its first letters alone begin thousands.
    public static let typedStartLimit = 256
    /// The candidates resolved for a keystroke, at most, those holding the most words typed: each is an
    /// address resolved where it lies, and a keystroke has a millisecond (Benchmarks/places-new).
    static let typedCandidateLimit = 40

    public init(_ addresses: AddressIndex) {
        self.addresses = addresses
        index = GeocodeIndex(addresses.sources)
    }

    /// Candidates from `index`, their addresses from `addresses`: a store
    /// that reads the sources a question's words name, and those around
    /// where they lie, apart (`lookup`, `locations`).
    public init(index: GeocodeIndex, addresses: any AddressResolving) {
        self.index = index
        self.addresses = addresses
    }

    public func answer(_ question: Question, _ request: GeocodeRequest) -> [GeocodeCandidate] {
        if let id = request.element { return element(id, language: request.language).map { [$0] } ?? [] }
        if let position = question.position {
            return reverse(position, language: request.language).map { [$0] } ?? []
        }
        guard var answering = answering(question, request) else { return [] }
        answering.resolve(.max, with: addresses)
        return answering.answers
    }

    /// What the question asks for, as the candidates are measured against it.
    struct Asked {
        /// Typed words (the question's and the weighing components'), stop words left out.
        var words: [String]
        /// Every typed word, stop words too: of two streets that both hold the words, the one whose name is the text.
        var allWords: Set<String>
        var houseNumber: String?
        var postcode: String?
        var numberIsEither: Bool
        /// The text's words as written (lower case, accents kept): of two names that fold alike
        /// ("Bödastrasse", "Bodastrasse"), the one spelt as typed.
        var written: Set<Substring> = []
        /// The question's last word, when it is being typed: it answers to any word it begins.
        var typedStart: String?
        /// The index's words each word stands for (`GeocodeIndex.words(matching:)`), once a question.
        var matching: [String: [String]] = [:]

        init(_ question: Question, _ components: GeocodeRequest.Components, lastWordIsTyped: Bool = false) {
            allWords = Set(question.words + components.words)
            words = (question.words + components.words).filter { !Question.stopWords.contains($0) }
            var seen = Set<String>()
            words = words.filter { seen.insert($0).inserted }
            // A start may be a stop word yet ("Avenue Saint-L", "Cap d'A"): it is still looked for as one.
            if lastWordIsTyped { typedStart = question.words.last }
            houseNumber = question.houseNumber.map(Geocoder.normalised)
            postcode = (question.postcode ?? components.postalCode).map(Geocoder.normalised)
            numberIsEither = question.numberIsPostcodeOrHouseNumber
        }

        var isEmpty: Bool { words.isEmpty && houseNumber == nil && postcode == nil }

        /// Whether the words hold an asked word: itself, one it stands for (`matching`), or, being typed, one it begins.
        func finds(_ word: String, in held: Set<String>) -> Bool {
            held.contains(word) || (matching[word] ?? []).contains(where: held.contains)
                || (word == typedStart && held.contains { NameQuery.starts($0, with: word) })
        }

        /// What a whole answer holds: each word, the number, the postcode (one, when a number may be either).
        var units: Int { words.count + (numberIsEither ? 1 : (houseNumber == nil ? 0 : 1) + (postcode == nil ? 0 : 1)) }
    }

    struct Found {
        var source: GeocodeIndex.Source
        var nameWords: Set<String>
    }

    /// An address point's numbers: "7;9" is 7 and 9.
    static func numbers(of point: AddressPoint) -> [String] {
        (point.address["housenumber"] ?? "").split(whereSeparator: { $0 == ";" || $0 == "," }).map { normalised(String($0)) }
    }

    /// "11 A" and "11a", "sw1a 2aa" and "SW1A2AA", "20'" and "20′" alike.
    static func normalised(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace }.map { primes.contains($0) ? "'" : $0 })
    }

    /// The marks a house number's prime is typed with: an apostrophe, a right quote, a prime.
    static let primes: Set<Character> = ["'", "\u{2019}", "\u{2032}"]

    func candidates(for asked: Asked) -> [Found] {
        var indexWords = Set<String>()
        for word in asked.words { indexWords.formUnion(asked.matching[word] ?? index.words(matching: word)) }
        if let start = asked.typedStart { indexWords.formUnion(index.words(startingWith: start, limit: Self.typedStartLimit)) }
        // A number may be a street's own ("Avenue du 3 Septembre").
        if let number = asked.houseNumber { indexWords.insert(number) }
        var found: [GeocodeIndex.Source: Set<String>] = [:]
        // Streets by index, their words as ids until they are kept: a typed start finds thousands.
        var streets: [Int] = []
        // By vocabulary id and by street, arrays rather than sets: a common word ("rue") finds thousands of streets.
        var typedIDs = [Bool](repeating: false, count: index.vocabularyCount)
        for id in indexWords.compactMap(index.id(of:)) { typedIDs[Int(id)] = true }
        var streetTested = [Bool](repeating: false, count: index.sources.streets.count)
        /// `isTyped`, over the ids the index keeps of a name's distinctive words.
        func isTyped(_ distinctive: [Int32]) -> Bool {
            guard !distinctive.isEmpty else { return false }
            if let start = asked.typedStart, distinctive.contains(where: { NameQuery.starts(index.word($0), with: start) }) {
                return true
            }
            return distinctive.allSatisfy { typedIDs[Int($0)] }
        }
        for word in indexWords {
            for source in index.sources(withWord: word) {
                switch source {
                case .point: continue
                case .street(let street):
                    guard !streetTested[street] else { continue }
                    streetTested[street] = true
                    guard isTyped(index.words(ofStreet: street).distinctive) else { continue }
                    streets.append(street)
                case .area, .placeNode:
                    guard found[source] == nil,
                        let name = index.names(of: source).first(where: { Self.isTyped($0, indexWords, start: asked.typedStart) })
                    else { continue }
                    found[source] = Set(name)
                }
            }
        }
        if let number = asked.houseNumber {
            // Many points share a name (their street's): each name is tested once. As a source found by a
            // word, a point's name holds one of the words; and it is typed.
            // 0 not tested yet, 1 not typed, 2 typed (its words in `typed`).
            var verdicts = [UInt8](repeating: 0, count: index.pointNameCount)
            var typed: [Int32: Set<String>] = [:]
            for point in index.points(numbered: number) {
                let name = index.pointName(of: point)
                if verdicts[Int(name)] == 0 {
                    let ids = index.pointNameWords(name)
                    let isTyped = ids.all.contains { typedIDs[Int($0)] } && isTyped(ids.distinctive)
                    if isTyped { typed[name] = Set(ids.all.map(index.word)) }
                    verdicts[Int(name)] = isTyped ? 2 : 1
                }
                if verdicts[Int(name)] == 2 { found[.point(Int(point))] = typed[name] }
            }
        }
        /// The distinct words typed that a street's name holds.
        func typedCount(ofStreet street: Int) -> Int {
            let all = index.words(ofStreet: street).all
            return all.indices.count { typedIDs[Int(all[$0])] && !all[..<$0].contains(all[$0]) }
        }
        var sources = found.keys.map { ($0, 0) } + streets.map { (GeocodeIndex.Source.street($0), 0) }
        let limit = asked.typedStart == nil ? Self.candidateLimit : Self.typedCandidateLimit
        if asked.typedStart != nil {
            // A start found thousands of names: those holding more of the words typed are kept.
            for i in sources.indices {
                if case .street(let street) = sources[i].0 {
                    sources[i].1 = typedCount(ofStreet: street)
                } else {
                    sources[i].1 = found[sources[i].0]?.intersection(indexWords).count ?? 0
                }
            }
            sources.sort { a, b in
                let (before, after) = (Self.order(a.0), Self.order(b.0))
                return (b.1, before.0, before.1) < (a.1, after.0, after.1)
            }
        } else {
            sources.sort { Self.order($0.0) < Self.order($1.0) }
        }
        return sources.prefix(limit).map { source, _ in
            if case .street(let street) = source {
                return Found(source: source, nameWords: Set(index.words(ofStreet: street).all.map(index.word)))
            }
            return Found(source: source, nameWords: found[source] ?? [])
        }
    }

    /// Every word of the name that names something was typed. While the last
    /// word is typed (`start`), a name one of whose words it begins is a
    /// candidate too: "Monte" is the start of Monte-Carlo, the rest of the name yet to come.
    private static func isTyped(_ name: [String], _ typed: Set<String>, start: String?) -> Bool {
        let distinctive = name.filter { !Question.stopWords.contains($0) }
        guard !distinctive.isEmpty else { return false }
        if let start, distinctive.contains(where: { NameQuery.starts($0, with: start) }) { return true }
        return distinctive.allSatisfy(typed.contains)
    }

    private static func order(_ source: GeocodeIndex.Source) -> (Int, Int) {
        switch source {
        case .point(let index): (0, index)
        case .street(let index): (1, index)
        case .area(let index): (2, index)
        case .placeNode(let index): (3, index)
        }
    }

    struct Ranked {
        var key: Key
        var candidate: GeocodeCandidate
    }

    struct Key: Comparable {
        var share: Double
        /// Typed words the name holds, less the name's words not typed.
        var nameFit: Int
        var numberFound: Bool
        var kindOrder: Int
        /// An area's outline says more than a `place=*` node of the same name.
        var hasExtent: Bool
        var spelledAsTyped: Bool
        var bias: Bias
        var id: PlaceID

        static func < (a: Key, b: Key) -> Bool {
            if a.share != b.share { return a.share > b.share }
            if a.nameFit != b.nameFit { return a.nameFit > b.nameFit }
            if a.numberFound != b.numberFound { return a.numberFound }
            if a.kindOrder != b.kindOrder { return a.kindOrder < b.kindOrder }
            if a.hasExtent != b.hasExtent { return a.hasExtent }
            if a.spelledAsTyped != b.spelledAsTyped { return a.spelledAsTyped }
            if a.bias != b.bias { return a.bias < b.bias }
            return a.id.osmOrder(before: b.id)
        }
    }

    struct Bias: Comparable {
        var outsideBounds = false
        var otherRegion = false
        var metres = 0.0

        static func < (a: Bias, b: Bias) -> Bool {
            (a.outsideBounds ? 1 : 0, a.otherRegion ? 1 : 0, a.metres) < (b.outsideBounds ? 1 : 0, b.otherRegion ? 1 : 0, b.metres)
        }
    }

    func scored(_ candidate: GeocodeCandidate, nameWords: Set<String>, _ asked: Asked, _ request: GeocodeRequest) -> Ranked? {
        let address = candidate.address
        if !request.components.countries.isEmpty {
            guard let code = address.countryCode, request.components.countries.contains(where: { $0.uppercased() == code }) else {
                return nil
            }
        }
        let postcode = address[.postalCode].map { Self.normalised($0.longName) }
        if let restricted = request.components.postalCode.map(Self.normalised), postcode != restricted { return nil }
        var held = nameWords
        for component in address.components where component.kind != .streetNumber && component.kind != .postalCode {
            held.formUnion(SearchWords.of(component.longName))
            held.formUnion(SearchWords.of(component.shortName))
        }
        var covered = asked.words.count { asked.finds($0, in: held) }
        let numberFound = candidate.kind == .address || asked.houseNumber.map(nameWords.contains) == true
        let postcodeFound = asked.postcode != nil && asked.postcode == postcode
        if asked.numberIsEither {
            covered += numberFound || postcodeFound ? 1 : 0
        } else {
            covered += (numberFound ? 1 : 0) + (postcodeFound ? 1 : 0)
        }
        let share = Double(covered) / Double(max(asked.units, 1))
        var answered = candidate
        answered.partialMatch = covered < asked.units
        return Ranked(
            key: Key(
                share: share, nameFit: nameWords.intersection(asked.allWords).count - nameWords.subtracting(asked.allWords).count,
                numberFound: numberFound, kindOrder: Self.kindOrder(candidate.kind, numbered: asked.houseNumber != nil),
                hasExtent: candidate.bounds != nil, spelledAsTyped: Self.isSpelled(candidate, as: asked.written),
                bias: bias(candidate, request.bias), id: candidate.id ?? ""),
            candidate: answered)
    }

    /// Every word of the candidate's own name (its street's, its area's) written as in the text.
    static func isSpelled(_ candidate: GeocodeCandidate, as written: Set<Substring>) -> Bool {
        let part: AddressComponent? =
            switch candidate.kind {
            case .address, .street: candidate.address[.route]
            case .area(let kind): candidate.address[kind]
            case .postcode: nil
            }
        guard let name = part?.longName else { return false }
        return writtenWords(name).allSatisfy(written.contains)
    }

    static func writtenWords(_ text: String) -> Set<Substring> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map { $0[...] })
    }

    /// With a number: an address, a street, a postcode, a town. Without: a postcode, a town, a street
    /// (a village and a lane of its name elsewhere: "Steg").
    static func kindOrder(_ kind: GeocodeCandidate.Kind, numbered: Bool) -> Int {
        switch kind {
        case .address: 0
        case .street: numbered ? 1 : 25
        case .postcode: numbered ? 2 : 3
        case .area(let component): (numbered ? 3 : 2) * 10 + (component == .locality ? 0 : 1)
        }
    }

    func bias(_ candidate: GeocodeCandidate, _ bias: GeocodeRequest.Bias) -> Bias {
        var result = self.bias(at: candidate.location, bias)
        if let region = bias.region { result.otherRegion = candidate.address.countryCode != region.uppercased() }
        return result
    }

    /// The bias of what lies there, its country not known yet: as if in the region asked.
    func bias(at location: LonLat, _ bias: GeocodeRequest.Bias) -> Bias {
        var result = Bias()
        if let bounds = bias.bounds { result.outsideBounds = !bounds.contains(location) }
        if let position = bias.position, let here = try? Coordinate(latitude: location.latitude, longitude: location.longitude) {
            result.metres = Geodesic.distance(from: position, to: here)
        }
        return result
    }
}
