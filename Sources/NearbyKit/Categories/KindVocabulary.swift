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
    /// Every phrase's senses, packed, each phrase's in one run.
    private let packedSenses: [PackedSense]
    /// Folded phrase → its senses' run in `packedSenses`.
    private let sensesByPhrase: [String: SenseRun]
    /// What `PackedSense` numbers: the narrowings ("cuisine=pizza") and iD's locales.
    private let narrowings: [String]
    private let locales: [String]
    /// For each kind (by category index): locale → its label, as iD writes it.
    private let labelsByKind: [[String: String]]
    /// The table's own words of each kind (Data/categories.json's, English)
    /// beside its category index, sorted by the words' bytes, so that the
    /// words a typed word starts are one run. Only these are read from their
    /// start: every language's words together, iD's English search terms
    /// among them ("cafe" of a restaurant), start with nearly anything, and
    /// "caf par" is a name being typed, not thirty kinds.
    let tableKindWords: [(word: String, kind: Int)]
    /// Every word of a kind in any language, typed whole, to the kinds it
    /// names (numbers of `masks`): those it names strongly (the table's
    /// words, iD's names: a word typed whole that is one of these names those
    /// kinds only), and those it names at all.
    private let wordKinds: [String: WordKinds]
    /// The sets of kinds words name, each once: far fewer than the words.
    private let masks: [KindMask]
    /// Words that name a cuisine, typed whole, to the cuisines they name:
    /// "pizzeria" is read as "pizza" is, of a place's cuisine.
    let cuisinesByWord: [String: [String]]
    /// The most words a phrase has.
    public let longestPhrase: Int

    public static let shared = KindVocabulary(
        tsv: UnsafeBufferPointer(start: nearby_vocabulary_bytes(), count: nearby_vocabulary_size()))

    /// A `KindSense` in eight bytes, in one array for every phrase, not an
    /// array of them for each of 39,000 phrases: the vocabulary took 30 MB
    /// so, 14 MB now (a debug build's resident memory, December 2026).
    private struct PackedSense: Hashable {
        var kind: UInt16
        var locale: UInt16
        /// One more than the narrowing's number; 0 for none.
        var narrowing: UInt16
        var standing: UInt8
    }

    private struct SenseRun {
        var start: UInt32
        var count: UInt32
    }

    /// A word's kinds as numbers of `masks`; 0 is none.
    private struct WordKinds {
        var strong: UInt32 = 0
        var any: UInt32 = 0
    }

    /// A set of kinds by category index, in place: most words name one kind,
    /// and an array for each of 36,000 words would be an allocation each.
    private struct KindMask: Hashable, Sendable {
        private var bits = SIMD4<UInt64>()

        static let capacity = 256

        init() {}

        init(_ index: Int) { insert(index) }

        func union(_ other: KindMask) -> KindMask {
            var union = self
            union.bits |= other.bits
            return union
        }

        mutating func insert(_ index: Int) {
            bits[index >> 6] |= 1 << UInt64(index & 63)
        }

        func contains(_ index: Int) -> Bool {
            bits[index >> 6] & (1 << UInt64(index & 63)) != 0
        }
    }

    /// Reads the vocabulary's rows (kind, narrowing, locale, word kind, word;
    /// Data/vocabulary.tsv's header says what each holds). A row whose kind
    /// the table does not have is skipped: the file and the table are
    /// written together, and a test checks every row's kind.
    init(tsv: UnsafeBufferPointer<UInt8>) {
        let kinds = PlaceCategory.allCases
        precondition(kinds.count <= KindMask.capacity, "a KindMask holds \(KindMask.capacity) kinds")
        var labels = [[String: String]](repeating: [:], count: kinds.count)
        var narrowings: [String] = [], narrowingNumbers: [String: UInt16] = [:]
        var locales: [String] = [], localeNumbers: [String: UInt16] = [:]
        func number(_ text: String, in table: inout [String], _ numbers: inout [String: UInt16]) -> UInt16 {
            if let known = numbers[text] { return known }
            table.append(text)
            numbers[text] = UInt16(table.count - 1)
            return UInt16(table.count - 1)
        }
        // Each phrase numbered as first met, and every (phrase, sense) pair;
        // grouped into runs once all are read.
        var phraseNumbers: [String: Int] = [:]
        var pairs: [(phrase: Int, sense: PackedSense)] = []
        func add(_ text: String, _ sense: PackedSense) {
            // iD tells presets apart by a word in parentheses ("Bushaltestelle
            // (Wartebereich)", "薬局・ドラッグストア（薬剤師が居る店）"); people type
            // the words before it, so they name the kind too.
            let folded = SearchWords.folded(text)
            let before = Self.beforeParenthesis(text).map(SearchWords.folded)
            for phrase in [folded, before].compactMap({ $0 }) where !phrase.isEmpty {
                let next = phraseNumbers.count
                pairs.append((phraseNumbers[phrase, default: next], sense))
                if phraseNumbers[phrase] == nil { phraseNumbers[phrase] = next }
            }
        }
        let english = number("en", in: &locales, &localeNumbers)
        for kind in kinds {
            let texts = [kind.singularName, kind.displayName, kind.rawValue.replacingOccurrences(of: "_", with: " ")] + kind.searchTerms
            let sense = PackedSense(
                kind: UInt16(kind.index), locale: english, narrowing: 0, standing: UInt8(KindSense.Standing.table.rawValue))
            for text in texts { add(text, sense) }
        }
        Self.forEachRow(of: tsv) { row in
            guard row.count == 5, let kind = PlaceCategory(rawValue: row[0]) else { return }
            let narrowing = row[1].isEmpty ? 0 : number(row[1], in: &narrowings, &narrowingNumbers) + 1
            // A label is shown as a kind's name: "Bushaltestelle", not "Bushaltestelle (Wartebereich)".
            if row[3] == "label", narrowing == 0 { labels[kind.index][row[2]] = Self.beforeParenthesis(row[4]) ?? row[4] }
            let standing = row[3] == "term" ? KindSense.Standing.term : .name
            add(
                row[4],
                PackedSense(
                    kind: UInt16(kind.index), locale: number(row[2], in: &locales, &localeNumbers), narrowing: narrowing,
                    standing: UInt8(standing.rawValue)))
        }
        // The runs: pairs by phrase, each sense of a phrase once (their order within a run says nothing).
        pairs.sort { $0.phrase < $1.phrase }
        var packed: [PackedSense] = []
        packed.reserveCapacity(pairs.count)
        var runs = [SenseRun](repeating: SenseRun(start: 0, count: 0), count: phraseNumbers.count)
        var index = 0
        while index < pairs.count {
            let phrase = pairs[index].phrase
            let start = packed.count
            while index < pairs.count, pairs[index].phrase == phrase {
                if !packed[start...].contains(pairs[index].sense) { packed.append(pairs[index].sense) }
                index += 1
            }
            runs[phrase] = SenseRun(start: UInt32(start), count: UInt32(packed.count - start))
        }
        pairs = []
        packedSenses = packed
        sensesByPhrase = phraseNumbers.mapValues { runs[$0] }
        self.narrowings = narrowings
        self.locales = locales
        labelsByKind = labels
        longestPhrase = phraseNumbers.keys.map { $0.split(separator: " ").count }.max() ?? 1

        // One word at a time. A cuisine's word is not also a word of a kind, unless
        // the table or a name says so ("restaurant" stays the kind's, "pizzeria", a
        // search term of restaurants as much as the name of pizza places, goes to
        // the cuisine, so that it finds pizza places first).
        let cuisineOfNarrowing: [String?] = [nil] + narrowings.map(KindSense.cuisine(of:))
        let term = UInt8(KindSense.Standing.term.rawValue)
        var masks = [KindMask()], maskNumbers = [KindMask(): UInt32(0)]
        var wordKinds: [String: WordKinds] = [:]
        func add(_ word: String, _ kinds: KindMask, strongly: Bool) {
            var entry = wordKinds[word] ?? WordKinds()
            let old = strongly ? entry.strong : entry.any
            let mask = masks[Int(old)].union(kinds)
            guard mask != masks[Int(old)] else { return }
            let number = maskNumbers[mask] ?? UInt32(masks.count)
            if number == masks.count {
                masks.append(mask)
                maskNumbers[mask] = number
            }
            if strongly { entry.strong = number } else { entry.any = number }
            wordKinds[word] = entry
        }
        // The kinds a phrase's senses name strongly (no cuisine, a name) and at all (no cuisine), and its cuisines.
        func named(_ run: SenseRun) -> (strong: KindMask, any: KindMask, cuisines: [String]) {
            var strong = KindMask(), any = KindMask(), cuisines: [String] = []
            for sense in packed[Int(run.start)..<Int(run.start + run.count)] {
                if let cuisine = cuisineOfNarrowing[Int(sense.narrowing)] {
                    if !cuisines.contains(cuisine) { cuisines.append(cuisine) }
                } else {
                    any.insert(Int(sense.kind))
                    if sense.standing < term { strong.insert(Int(sense.kind)) }
                }
            }
            return (strong, any, cuisines)
        }
        for (phrase, run) in sensesByPhrase {
            let strong = named(run).strong
            guard strong != KindMask() else { continue }
            for word in phrase.split(separator: " ") { add(String(word), strong, strongly: true) }
        }
        for kind in kinds {
            for word in kind.searchWords { add(word, KindMask(kind.index), strongly: true) }
        }
        var cuisinesByWord: [String: [String]] = [:]
        for (phrase, run) in sensesByPhrase {
            let cuisines = named(run).cuisines
            guard !cuisines.isEmpty else { continue }
            for word in phrase.split(separator: " ").map(String.init) where wordKinds[word] == nil && !Question.stopWords.contains(word) {
                for cuisine in cuisines where !(cuisinesByWord[word]?.contains(cuisine) ?? false) {
                    cuisinesByWord[word, default: []].append(cuisine)
                }
            }
        }
        // Stop words stay: every typed word must match, and "bureau de poste" is typed whole.
        for (phrase, run) in sensesByPhrase {
            let any = named(run).any
            guard any != KindMask() else { continue }
            for word in phrase.split(separator: " ").map(String.init) where cuisinesByWord[word] == nil { add(word, any, strongly: false) }
        }
        // The table's own words stay, as name search read them before.
        for kind in kinds {
            for word in kind.searchWords { add(word, KindMask(kind.index), strongly: false) }
        }
        func byBytes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        self.wordKinds = wordKinds
        self.masks = masks
        self.cuisinesByWord = cuisinesByWord.mapValues { $0.sorted() }
        tableKindWords = kinds.flatMap { kind in Set(kind.searchWords).map { ($0, kind.index) } }.sorted {
            byBytes($0.word, $1.word)
        }
    }

    /// The words before the parenthesis iD tells presets apart by, trimmed; nil without one, or with nothing before it.
    static func beforeParenthesis(_ text: String) -> String? {
        // Scalars, not Characters: 54,000 rows are read at start, and most have no parenthesis.
        guard let open = text.unicodeScalars.firstIndex(where: { $0 == "(" || $0 == "（" }) else { return nil }
        let before = String(text[..<open].trimmed())
        return before.isEmpty ? nil : before
    }

    /// Calls `body` with the tab-separated fields of each line that is not a comment, one line at a time.
    private static func forEachRow(of tsv: UnsafeBufferPointer<UInt8>, _ body: ([String]) -> Void) {
        var start = 0
        var fields: [String] = []
        while start < tsv.count {
            var end = start
            while end < tsv.count, tsv[end] != 0x0A { end += 1 }
            if end > start, tsv[start] != 0x23 {  // "#": the header
                fields.removeAll(keepingCapacity: true)
                var field = start
                for n in start...end where n == end || tsv[n] == 0x09 {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: tsv[field..<n]), as: UTF8.self))
                    field = n + 1
                }
                body(fields)
            }
            start = end + 1
        }
    }

    /// What a folded phrase names, in every locale.
    public func senses(of phrase: String) -> [KindSense] {
        guard let run = sensesByPhrase[phrase] else { return [] }
        return packedSenses[Int(run.start)..<Int(run.start + run.count)].map { packed in
            KindSense(
                kind: PlaceCategory(index: Int(packed.kind)),
                narrowing: packed.narrowing == 0 ? nil : narrowings[Int(packed.narrowing) - 1],
                locale: locales[Int(packed.locale)], standing: KindSense.Standing(rawValue: Int(packed.standing)) ?? .term)
        }
    }

    /// The kind's words in every language, folded, in the order of their bytes
    /// (`PlaceCategory.searchWordsInEveryLanguage`).
    func words(of kind: PlaceCategory) -> [String] {
        wordKinds.filter { masks[Int($0.value.any)].contains(kind.index) }.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether a folded word is a word of one of `kinds` in some language.
    public func isWord(_ word: String, ofAnyOf kinds: some Sequence<PlaceCategory>) -> Bool {
        guard let entry = wordKinds[word] else { return false }
        return kinds.contains { masks[Int(entry.any)].contains($0.index) }
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
        guard (wordKinds[typed]?.strong ?? 0) == 0 else { return [] }
        return cuisinesByWord[typed] ?? []
    }

    /// Whether `typed` names `kind` in name search (`kinds(startedBy:)`).
    public func names(_ kind: PlaceCategory, startedBy typed: String) -> Bool {
        let entry = wordKinds[typed] ?? WordKinds()
        if entry.strong != 0 { return masks[Int(entry.strong)].contains(kind.index) }
        if masks[Int(entry.any)].contains(kind.index) { return true }
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
        let entry = wordKinds[typed] ?? WordKinds()
        var named = masks[Int(entry.strong != 0 ? entry.strong : entry.any)]
        if entry.strong == 0 {
            for word in tableKindWords(startedBy: typed) { named.insert(word.kind) }
        }
        return PlaceCategory.allCases.map { named.contains($0.index) }
    }

    /// The run of the table's kind words that `typed` starts.
    private func tableKindWords(startedBy typed: String) -> ArraySlice<(word: String, kind: Int)> {
        let start = tableKindWords.partitionPoint { $0.word.utf8.lexicographicallyPrecedes(typed.utf8) }
        let end = tableKindWords[start...].partitionPoint { NameQuery.starts($0.word, with: typed) }
        return tableKindWords[start..<end]
    }
}
