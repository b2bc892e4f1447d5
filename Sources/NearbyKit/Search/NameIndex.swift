/// Every place's name words, cuisine words and kinds, indexed both ways —
/// word to places, place to words — so that a name search looks up the
/// places a typed word can match instead of reading every place's names:
///
/// - the words, folded, in the order of their UTF-8 bytes, so that the
///   words a typed word starts are one run of neighbours (`NameQuery`
///   compares bytes, as this order does);
/// - a symmetric-deletion dictionary — each word of four letters or more
///   and each of its one-letter deletions, by hash — for the words one
///   typo away from a typed one.
///
/// A `Search` says of a place exactly what `NameQuery.match` says
/// (NameSearchTests hold it to that), from integers alone.
struct NameIndex: Sendable {
    /// Folded words of names and cuisines, in byte order; a word's id is its place here.
    private let vocabulary: [String]
    private let placesByWord: Postings
    private let placesByKind: Postings
    /// Each place's terms (`Term`): its name words, its cuisine words, its kinds.
    private let termsByPlace: Postings
    /// Hashes of the words' variants (`NameQuery.deletions`), sorted, beside the word each came from.
    private let variantHashes: [Int]
    private let variantWords: [Int32]

    /// A place's term in one number: what it is in the low two bits, its word or category id above.
    private enum Term {
        static let name: Int32 = 0
        static let cuisine: Int32 = 1
        static let kind: Int32 = 2

        static func make(_ what: Int32, _ id: Int) -> Int32 { Int32(id) << 2 | what }
    }

    init(places: [Place]) {
        var ids: [WordKey: Int32] = [:]
        var words: [String] = []
        func id(_ word: String) -> Int {
            if let id = ids[WordKey(word)] { return Int(id) }
            words.append(word)
            ids[WordKey(word)] = Int32(words.count - 1)
            return words.count - 1
        }
        var owners: [Int32] = []
        var terms: [Int32] = []
        for (index, place) in places.enumerated() {
            let first = terms.count
            func add(_ term: Int32) {
                guard !terms[first...].contains(term) else { return }
                owners.append(Int32(index))
                terms.append(term)
            }
            for word in NameQuery.nameWords(of: place) { add(Term.make(Term.name, id(word))) }
            for word in place.cuisine.map(SearchWords.of) ?? [] { add(Term.make(Term.cuisine, id(word))) }
            for category in place.categories { add(Term.make(Term.kind, category.index)) }
        }

        // Renumber the words in byte order.
        let order = words.indices.sorted { words[$0].utf8.lexicographicallyPrecedes(words[$1].utf8) }
        var rank = [Int](repeating: 0, count: words.count)
        for (position, old) in order.enumerated() { rank[old] = position }
        vocabulary = order.map { words[$0] }
        var wordKeys: [Int32] = [], wordPlaces: [Int32] = []
        var kindKeys: [Int32] = [], kindPlaces: [Int32] = []
        for n in terms.indices {
            let what = terms[n] & 3
            let id = Int(terms[n] >> 2)
            if what == Term.kind {
                kindKeys.append(Int32(id))
                kindPlaces.append(owners[n])
            } else {
                terms[n] = Term.make(what, rank[id])
                wordKeys.append(Int32(rank[id]))
                wordPlaces.append(owners[n])
            }
        }
        termsByPlace = Postings(keys: places.count, owners, terms)
        placesByWord = Postings(keys: vocabulary.count, wordKeys, wordPlaces)
        placesByKind = Postings(keys: PlaceCategory.allCases.count, kindKeys, kindPlaces)

        var variants: [(hash: Int, word: Int32)] = []
        for (id, word) in vocabulary.enumerated() where word.unicodeScalars.count >= NameQuery.typoMinimumLength - 1 {
            for variant in NameQuery.deletions(of: word) { variants.append((variant.hashValue, Int32(id))) }
        }
        variants.sort { ($0.hash, $0.word) < ($1.hash, $1.word) }
        variantHashes = variants.map(\.hash)
        variantWords = variants.map(\.word)
    }

    // MARK: Searching

    /// What one typed word matches: the words it is and starts, the words
    /// one typo away, the kinds whose words it starts or is one typo from.
    struct Lookup {
        fileprivate let exact: Int
        fileprivate let prefixed: Range<Int>
        fileprivate let typos: [Int32]
        /// The cuisine words a word that names a cuisine stands for ("pizza" for "pizzeria").
        fileprivate let cuisines: [Int]
        /// By category index.
        fileprivate let kinds: [Bool]
        fileprivate let typoKinds: [Bool]

        /// The best way the word matches a place with these terms, as `NameQuery.match` ranks ways.
        fileprivate func match(_ terms: ArraySlice<Int32>) -> NameMatch? {
            var best: NameMatch?
            for term in terms {
                let id = Int(term >> 2)
                let found: NameMatch?
                switch term & 3 {
                case Term.name:
                    if id == exact { return .word }
                    found = prefixed.contains(id) ? .prefix : typos.contains(Int32(id)) ? .typo : nil
                case Term.cuisine:
                    found = prefixed.contains(id) || cuisines.contains(id) ? .kind : typos.contains(Int32(id)) ? .typo : nil
                default: found = kinds[id] ? .kind : typoKinds[id] ? .typo : nil
                }
                if let found, best.map({ found < $0 }) ?? true { best = found }
            }
            return best
        }
    }

    func lookup(_ word: String) -> Lookup {
        let start = vocabulary.partitionPoint { $0.utf8.lexicographicallyPrecedes(word.utf8) }
        let end = vocabulary[start...].partitionPoint { NameQuery.starts($0, with: word) }
        let exact = start < end && vocabulary[start].utf8.elementsEqual(word.utf8) ? start : -1
        let typos = NameQuery.allowsTypo(word)
        let kinds = KindVocabulary.shared.kinds(startedBy: word)
        var typoKinds = [Bool](repeating: false, count: kinds.count)
        if typos {
            for variant in NameQuery.deletions(of: word) {
                for n in Self.kindWordsByVariant[variant] ?? [] where NameQuery.withinOneEdit(word, Self.kindWords[n].word) {
                    typoKinds[Self.kindWords[n].category] = true
                }
            }
        }
        return Lookup(
            exact: exact, prefixed: start..<end, typos: typos ? wordsOneEdit(from: word) : [],
            cuisines: NameQuery.cuisines(named: word).compactMap(id(of:)), kinds: kinds, typoKinds: typoKinds)
    }

    /// A word's id, if the vocabulary has it.
    private func id(of word: String) -> Int? {
        let n = vocabulary.partitionPoint { $0.utf8.lexicographicallyPrecedes(word.utf8) }
        return n < vocabulary.count && vocabulary[n].utf8.elementsEqual(word.utf8) ? n : nil
    }

    /// Every kind's English search words, beside its category index: those a
    /// word one typo away matches. The other languages' words are matched
    /// only as typed (`KindVocabulary`): their deletions, some 50,000 words',
    /// would be a dictionary many times this one, built at every load.
    private static let kindWords: [(word: String, category: Int)] = PlaceCategory.allCases.flatMap { category in
        category.searchWords.map { ($0, category.index) }
    }

    /// The kinds' English words by each of their variants (`NameQuery.deletions`), as the vocabulary's.
    private static let kindWordsByVariant: [String: [Int]] = {
        var variants: [String: [Int]] = [:]
        for (n, kind) in kindWords.enumerated() where kind.word.unicodeScalars.count >= NameQuery.typoMinimumLength - 1 {
            for variant in NameQuery.deletions(of: kind.word) { variants[variant, default: []].append(n) }
        }
        return variants
    }()

    /// The words of the vocabulary one edit from `word`: those sharing a variant with it, checked.
    private func wordsOneEdit(from word: String) -> [Int32] {
        var found: [Int32] = []
        for variant in NameQuery.deletions(of: word) {
            let hash = variant.hashValue
            var n = variantHashes.partitionPoint { $0 < hash }
            while n < variantHashes.count, variantHashes[n] == hash {
                let id = variantWords[n]
                if !found.contains(id), NameQuery.withinOneEdit(word, vocabulary[Int(id)]) { found.append(id) }
                n += 1
            }
        }
        return found
    }

    /// Typed words looked up, with the kinds asked for and those left out:
    /// what a place must match, asked of its terms alone.
    struct Search {
        let lookups: [Lookup]
        /// By category index; nil: any kind.
        fileprivate let wanted: [Bool]?
        fileprivate let unwanted: [Bool]?
    }

    func search(_ query: NameQuery, in categories: Set<PlaceCategory>?, excluding excluded: Set<PlaceCategory>) -> Search {
        func table(_ set: Set<PlaceCategory>) -> [Bool] { PlaceCategory.allCases.map(set.contains) }
        return Search(
            lookups: query.words.map(lookup), wanted: categories.map(table), unwanted: excluded.isEmpty ? nil : table(excluded))
    }

    /// How well the place at `index` matches — its worst-matched word — or
    /// nil when a word matches nothing or its kinds are not those asked for.
    func match(_ index: Int, _ search: Search) -> NameMatch? {
        let terms = termsByPlace[index]
        if search.wanted != nil || search.unwanted != nil {
            var wanted = search.wanted == nil
            for term in terms where term & 3 == Term.kind {
                let id = Int(term >> 2)
                if search.unwanted?[id] == true { return nil }
                if search.wanted?[id] == true { wanted = true }
            }
            guard wanted else { return nil }
        }
        var worst = NameMatch.word
        for lookup in search.lookups {
            guard let match = lookup.match(terms) else { return nil }
            worst = max(worst, match)
        }
        return worst
    }

    /// The places that may match the typed word `lookup` as well as `level` or
    /// better, in runs (a place can be in more than one): the word's own, its
    /// run of words, then its kinds, then the words and kinds a typo away.
    func candidates(_ lookup: Lookup, upTo level: NameMatch) -> [ArraySlice<Int32>] {
        var runs: [ArraySlice<Int32>] = []
        if level == .word {
            if lookup.exact >= 0 { runs.append(placesByWord[lookup.exact]) }
            return runs
        }
        runs.append(placesByWord[lookup.prefixed])
        guard level >= .kind else { return runs }
        for (id, named) in lookup.kinds.enumerated() where named { runs.append(placesByKind[id]) }
        for id in lookup.cuisines { runs.append(placesByWord[id]) }
        guard level >= .typo else { return runs }
        for id in lookup.typos { runs.append(placesByWord[Int(id)]) }
        for (id, named) in lookup.typoKinds.enumerated() where named { runs.append(placesByKind[id]) }
        return runs
    }
}

/// A word as a dictionary key by its bytes: two spellings of a letter that
/// Unicode calls the same (an accent apart or together) stay two words, as `NameQuery` compares them.
private struct WordKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: WordKey, b: WordKey) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
