/// A name search as typed: "caf par", "cafe de paris", "restaurnt".
///
/// Every word must match, in any order, one of the place's words, case and
/// accents ignored: as a whole word, as the start of one, as a word of its
/// kind in any language or the start of one of the table's (`KindVocabulary`:
/// "apotheke" and "pharm" for a pharmacy, "pizzeria" for a place whose
/// cuisine is pizza), or — in a word of five
/// letters or more — as a whole word of its names, its cuisine or its kind's
/// English words with one typo (a letter added, dropped, changed, or two
/// neighbours swapped). A
/// typo is not looked for in the start of a word: a store's index can find
/// every word one edit away from a typed one, not every start of one.
/// A place's names are its `name`, `brand`, `alt_name`, `official_name`,
/// `short_name`, `old_name` (what people still call a place renamed) and every `name:<lang>`.
public struct NameQuery: Hashable, Sendable {
    public let words: [String]

    /// Words shorter than this get no typo: "bar" is not a misspelt "car".
    public static let typoMinimumLength = 5

    public init(_ text: String) {
        words = SearchWords.of(text)
    }

    public var isEmpty: Bool { words.isEmpty }

    /// The tags whose values are names of the place: these, and every key
    /// that starts with `nameTagPrefix`. Stores that pick names out of the
    /// tags themselves (PostGIS, in SQL) read the same two.
    public static let nameTagKeys = ["alt_name", "brand", "official_name", "old_name", "short_name"]
    public static let nameTagPrefix = "name:"

    public static func isNameTag(_ key: String) -> Bool {
        nameTagKeys.contains(key) || key.hasPrefix(nameTagPrefix)
    }

    /// How well the place matches, or nil when some word matches nothing.
    public func match(_ place: Place) -> NameMatch? {
        guard !words.isEmpty else { return .word }
        let names = Self.nameWords(of: place)
        var kinds: [String] = []
        var worst = NameMatch.word
        for word in words {
            var best: NameMatch?
            if names.contains(where: { $0.utf8.elementsEqual(word.utf8) }) {
                best = .word
            } else if names.contains(where: { Self.starts($0, with: word) }) {
                best = .prefix
            } else {
                if Self.word(word, namesKindOf: place) {
                    best = .kind
                } else if Self.allowsTypo(word) {
                    if kinds.isEmpty { kinds = Self.kindWords(of: place) }
                    if names.contains(where: { Self.withinOneEdit(word, $0) }) || kinds.contains(where: { Self.withinOneEdit(word, $0) }) {
                        best = .typo
                    }
                }
            }
            guard let best else { return nil }
            worst = max(worst, best)
        }
        return worst
    }

    public static func allowsTypo(_ word: String) -> Bool { word.count >= typoMinimumLength }

    /// The words of a place's names: `name` and the name tags.
    public static func nameWords(of place: Place) -> [String] {
        var words = SearchWords.of(place.name)
        for (key, value) in place.tags where isNameTag(key) { words += SearchWords.of(value) }
        return words
    }

    /// The words of a place's kind that a word one typo away matches: its
    /// categories' English words (`PlaceCategory.searchWords`) and its cuisine's.
    public static func kindWords(of place: Place) -> [String] {
        place.categories.flatMap(\.searchWords) + (place.cuisine.map(SearchWords.of) ?? [])
    }

    /// Whether `word` names the place's kind: it is a word of one of its
    /// categories in any language or starts one of the table's (`KindVocabulary`),
    /// it starts a word of its cuisine, or it names its cuisine ("pizzeria" of a pizza place).
    public static func word(_ word: String, namesKindOf place: Place) -> Bool {
        let vocabulary = KindVocabulary.shared
        if place.categories.contains(where: { vocabulary.names($0, startedBy: word) }) { return true }
        guard let cuisine = place.cuisine else { return false }
        let cuisineWords = SearchWords.of(cuisine)
        if cuisineWords.contains(where: { starts($0, with: word) }) { return true }
        return vocabulary.cuisines(namedBy: word).contains { cuisineWords.contains($0) }
    }

    /// The categories a word names, as `match` reads it: a category word in
    /// any language typed whole, one of the table's it starts, or (five
    /// letters or more) one of the table's one edit from it.
    public static func categories(named word: String) -> [PlaceCategory] {
        let started = KindVocabulary.shared.kinds(startedBy: word)
        return PlaceCategory.allCases.filter { category in
            started[category.index] || (allowsTypo(word) && category.searchWords.contains { withinOneEdit(word, $0) })
        }
    }

    /// The cuisines a word names, as `match` reads it: those it is a word of,
    /// typed whole ("pizzeria", "döner"). A store also looks for the cuisine words it starts itself.
    public static func cuisines(named word: String) -> [String] {
        KindVocabulary.shared.cuisines(namedBy: word)
    }

    /// Whether `word` starts with `typed`, byte for byte: "ca" starts "cafe". Bytes,
    /// not Characters, so that a word a letter's mark follows ("क" of "कि") is
    /// started by that letter, and a store's index can find the words a typed one starts as one run.
    public static func starts(_ word: String, with typed: String) -> Bool {
        word.utf8.starts(with: typed.utf8)
    }

    /// The word and each of its one-letter deletions: two words are one
    /// edit apart only if one of these equals the other or one of its
    /// deletions (a symmetric-deletion dictionary finds them by lookup).
    public static func deletions(of word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var variants = [word]
        for i in scalars.indices {
            var variant = String.UnicodeScalarView()
            variant.append(contentsOf: scalars[..<i])
            variant.append(contentsOf: scalars[(i + 1)...])
            let text = String(variant)
            if variants.last != text { variants.append(text) }
        }
        return variants
    }

    /// Whether two words are at most one edit apart: a letter inserted,
    /// deleted or changed, or two neighbours swapped (optimal string alignment).
    public static func withinOneEdit(_ word: String, _ candidate: String) -> Bool {
        let a = Array(word.unicodeScalars)
        let b = Array(candidate.unicodeScalars)
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0
        while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
        if i == a.count, i == b.count { return true }
        // The first difference is the one edit: the rest must then agree.
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        return a.count > b.count ? a[(i + 1)...] == b[i...] : a[i...] == b[(i + 1)...]
    }
}
