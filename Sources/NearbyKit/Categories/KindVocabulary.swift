import CVocabulary

/// The words of nearby's kinds: Data/categories.json's English names, ids and
/// terms, and Data/vocabulary.tsv's names and search terms in many languages
/// (scripts/vocabulary, from id-tagging-schema; compiled in by CVocabulary).
/// Read once, on first use, and indexed both ways a kind word is read:
///
/// - as a phrase, by the question reader (`Question.read`): each phrase folded
///   as search folds (`SearchWords`), to the kinds it names (`KindSense`);
/// - one word at a time, by name search (`NameQuery`, `NameIndex`, the
///   GeoPackage's index): each kind's folded words, and the cuisine words
///   ("pizzeria", "döner"), which name a cuisine rather than a kind.
public struct KindVocabulary: Sendable {
    /// Folded phrase → what it names.
    private let sensesByPhrase: [String: [KindSense]]
    /// For each kind (by category index): locale → its label, as iD writes it.
    private let labelsByKind: [[String: String]]
    /// For each kind, its words in every language, sorted by their bytes.
    let wordsByKind: [[String]]
    /// The table's own words of each kind (Data/categories.json's, English)
    /// beside its category index, sorted by the words' bytes, so that the
    /// words a typed word starts are one run. Only these are read from their
    /// start: every language's words together, iD's English search terms
    /// among them ("cafe" of a restaurant), start with nearly anything, and
    /// "caf par" is a name being typed, not thirty kinds.
    let tableKindWords: [(word: String, kind: Int)]
    /// Every word of a kind in any language, typed whole, to its kinds by category index.
    let kindsByWord: [String: [Int]]
    /// The kinds a word names strongly (the table's words, iD's names), by category index:
    /// a word typed whole that is one of these names those kinds only.
    let strongKinds: [String: [Int]]
    /// Words that name a cuisine, typed whole, to the cuisines they name:
    /// "pizzeria" is read as "pizza" is, of a place's cuisine.
    let cuisinesByWord: [String: [String]]
    /// The most words a phrase has.
    public let longestPhrase: Int

    public static let shared = KindVocabulary(
        tsv: UnsafeBufferPointer(start: nearby_vocabulary_bytes(), count: nearby_vocabulary_size()))

    /// Reads the vocabulary's rows (kind, narrowing, locale, word kind, word;
    /// Data/vocabulary.tsv's header says what each holds). A row whose kind
    /// the table does not have is skipped: the file and the table are
    /// written together, and a test checks every row's kind.
    init(tsv: UnsafeBufferPointer<UInt8>) {
        var senses: [String: [KindSense]] = [:]
        var labels = [[String: String]](repeating: [:], count: PlaceCategory.allCases.count)
        var narrowings: [String: String] = [:]
        func add(_ text: String, _ sense: KindSense) {
            // iD tells presets apart by a word in parentheses ("Bushaltestelle
            // (Wartebereich)", "薬局・ドラッグストア（薬剤師が居る店）"); people type
            // the words before it, so they name the kind too.
            var phrases = [SearchWords.folded(text)]
            if let before = Self.beforeParenthesis(text).map(SearchWords.folded), !before.isEmpty { phrases.append(before) }
            for phrase in phrases where !phrase.isEmpty && !(senses[phrase]?.contains(sense) ?? false) {
                senses[phrase, default: []].append(sense)
            }
        }
        for kind in PlaceCategory.allCases {
            let texts = [kind.singularName, kind.displayName, kind.rawValue.replacingOccurrences(of: "_", with: " ")] + kind.searchTerms
            for text in texts { add(text, KindSense(kind: kind, narrowing: nil, locale: "en", standing: .table)) }
        }
        for row in Self.rows(of: tsv) {
            guard row.count == 5, let kind = PlaceCategory(rawValue: row[0]) else { continue }
            var narrowing: String?
            if !row[1].isEmpty {
                narrowing = narrowings[row[1]] ?? row[1]
                narrowings[row[1]] = narrowing
            }
            // A label is shown as a kind's name: "Bushaltestelle", not "Bushaltestelle (Wartebereich)".
            if row[3] == "label", narrowing == nil { labels[kind.index][row[2]] = Self.beforeParenthesis(row[4]) ?? row[4] }
            add(row[4], KindSense(kind: kind, narrowing: narrowing, locale: row[2], standing: row[3] == "term" ? .term : .name))
        }
        sensesByPhrase = senses
        labelsByKind = labels
        longestPhrase = senses.keys.map { $0.split(separator: " ").count }.max() ?? 1

        // One word at a time. A cuisine's word is not also a word of a kind, unless
        // the table or a name says so ("restaurant" stays the kind's, "pizzeria", a
        // search term of restaurants as much as the name of pizza places, goes to
        // the cuisine, so that it finds pizza places first).
        var strongKinds: [String: [Int]] = [:]
        for (phrase, named) in senses {
            for sense in named where sense.cuisine == nil && sense.standing < .term {
                for word in phrase.split(separator: " ").map(String.init) where !(strongKinds[word]?.contains(sense.kind.index) ?? false) {
                    strongKinds[word, default: []].append(sense.kind.index)
                }
            }
        }
        for kind in PlaceCategory.allCases {
            for word in kind.searchWords where !(strongKinds[word]?.contains(kind.index) ?? false) {
                strongKinds[word, default: []].append(kind.index)
            }
        }
        let strong = Set(strongKinds.keys)
        var cuisinesByWord: [String: [String]] = [:]
        for (phrase, named) in senses {
            for cuisine in Set(named.compactMap(\.cuisine)) {
                for word in phrase.split(separator: " ").map(String.init)
                where !strong.contains(word) && !Question.stopWords.contains(word) && !(cuisinesByWord[word]?.contains(cuisine) ?? false) {
                    cuisinesByWord[word, default: []].append(cuisine)
                }
            }
        }
        var words = [Set<String>](repeating: [], count: PlaceCategory.allCases.count)
        for (phrase, named) in senses {
            // Stop words stay: every typed word must match, and "bureau de poste" is typed whole.
            let phraseWords = phrase.split(separator: " ").map(String.init).filter { cuisinesByWord[$0] == nil }
            for sense in named where sense.cuisine == nil { words[sense.kind.index].formUnion(phraseWords) }
        }
        // The table's own words stay, as name search read them before.
        for kind in PlaceCategory.allCases { words[kind.index].formUnion(kind.searchWords) }
        func byBytes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        var kindsByWord: [String: [Int]] = [:]
        for (kind, kindWords) in words.enumerated() {
            for word in kindWords { kindsByWord[word, default: []].append(kind) }
        }
        self.strongKinds = strongKinds
        self.kindsByWord = kindsByWord
        self.cuisinesByWord = cuisinesByWord.mapValues { $0.sorted() }
        wordsByKind = words.map { $0.sorted(by: byBytes) }
        tableKindWords = PlaceCategory.allCases.flatMap { kind in Set(kind.searchWords).map { ($0, kind.index) } }.sorted {
            byBytes($0.word, $1.word)
        }
    }

    /// The words before the parenthesis iD tells presets apart by, trimmed; nil without one, or with nothing before it.
    static func beforeParenthesis(_ text: String) -> String? {
        guard let open = text.firstIndex(where: { $0 == "(" || $0 == "（" }) else { return nil }
        let before = String(text[..<open].trimmed())
        return before.isEmpty ? nil : before
    }

    /// The tab-separated fields of each line that is not a comment.
    private static func rows(of tsv: UnsafeBufferPointer<UInt8>) -> [[String]] {
        var rows: [[String]] = []
        var start = 0
        while start < tsv.count {
            var end = start
            while end < tsv.count, tsv[end] != 0x0A { end += 1 }
            if end > start, tsv[start] != 0x23 {  // "#": the header
                var fields: [String] = []
                var field = start
                for n in start...end where n == end || tsv[n] == 0x09 {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: tsv[field..<n]), as: UTF8.self))
                    field = n + 1
                }
                rows.append(fields)
            }
            start = end + 1
        }
        return rows
    }

    /// What a folded phrase names, in every locale.
    public func senses(of phrase: String) -> [KindSense] {
        sensesByPhrase[phrase] ?? []
    }

    /// The kinds a folded phrase names, as the question reader takes them:
    /// read in `language` where it is a word of that language, else in English,
    /// else in `regional` (the language of the country asked about: "trolleybus"
    /// is a bus stop in French, a stop or a station in Portuguese), else in every
    /// language that has it; of those, the kinds it names most
    /// strongly (`KindSense.Standing`), in table order. A phrase that names a
    /// cuisine ("pizzeria") names no kind here: it stays a word of the name,
    /// which name search reads as the cuisine.
    public func kinds(named phrase: String, language: String?, regional: String? = nil) -> [PlaceCategory] {
        let senses = senses(of: phrase).filter { $0.cuisine == nil }
        guard !senses.isEmpty, !namesCuisine(phrase) else { return [] }
        // "the" is French for tea ("thé"), "de" a word of many a phrase: alone, a stop word names no kind the table does not say it names.
        if Question.stopWords.contains(phrase), !senses.contains(where: { $0.standing == .table }) { return [] }
        var chosen = language.map { language in senses.filter { $0.isIn(language: language) } } ?? []
        if chosen.isEmpty { chosen = senses.filter { $0.isIn(language: "en") } }
        if chosen.isEmpty, let regional { chosen = senses.filter { $0.isIn(language: regional) } }
        if chosen.isEmpty { chosen = senses }
        let strongest = chosen.map(\.standing).min()
        return Set(chosen.filter { $0.standing == strongest }.map(\.kind)).sorted()
    }

    /// The kind's label in `language` ("Apotheke" in "de"), with the locale it
    /// is written in: the locale's own, else its language's ("pt" for "pt-BR");
    /// nil where the vocabulary has none.
    public func label(of kind: PlaceCategory, in language: String) -> (text: String, locale: String)? {
        let labels = labelsByKind[kind.index]
        if let label = labels[language] { return (label, language) }
        let primary = String(KindSense.primary(language))
        return labels[primary].map { ($0, primary) }
    }

    /// Whether a folded word names a cuisine ("pizzeria", "sushi").
    func namesCuisine(_ word: String) -> Bool {
        cuisinesByWord[word] != nil
    }

    /// The cuisines `typed` names, typed whole ("pizzeria": pizza); none when
    /// it is a kind's word ("restaurant").
    public func cuisines(namedBy typed: String) -> [String] {
        guard strongKinds[typed] == nil else { return [] }
        return cuisinesByWord[typed] ?? []
    }

    /// Whether `typed` names `kind` in name search (`kinds(startedBy:)`).
    public func names(_ kind: PlaceCategory, startedBy typed: String) -> Bool {
        if let kinds = strongKinds[typed] { return kinds.contains(kind.index) }
        if kindsByWord[typed]?.contains(kind.index) ?? false { return true }
        return tableKindWords(startedBy: typed).contains { $0.kind == kind.index }
    }

    /// By category index: whether `typed` names that kind in name search.
    /// A word that names kinds strongly (the table's, iD's names: "bank",
    /// "tankstelle") names those only; else a word of a kind in any language
    /// typed whole ("apotheke") names its kinds, and so does the start of one
    /// of the table's words ("pharm"). So "bank" is not the start of "bankomat",
    /// Polish for a cash machine, nor "tankstelle" of "tankstellenverkauf",
    /// a German search term for a convenience shop.
    public func kinds(startedBy typed: String) -> [Bool] {
        var kinds = [Bool](repeating: false, count: PlaceCategory.allCases.count)
        if let strong = strongKinds[typed] {
            for kind in strong { kinds[kind] = true }
            return kinds
        }
        for kind in kindsByWord[typed] ?? [] { kinds[kind] = true }
        for entry in tableKindWords(startedBy: typed) { kinds[entry.kind] = true }
        return kinds
    }

    /// The run of the table's kind words that `typed` starts.
    private func tableKindWords(startedBy typed: String) -> ArraySlice<(word: String, kind: Int)> {
        let start = tableKindWords.partitionPoint { $0.word.utf8.lexicographicallyPrecedes(typed.utf8) }
        let end = tableKindWords[start...].partitionPoint { NameQuery.starts($0.word, with: typed) }
        return tableKindWords[start..<end]
    }
}
