/// A name search as typed: "caf par", "cafe de paris", "restaurnt".
///
/// Every word must match, in any order, one of the place's words, case and
/// accents ignored: as a whole word, as the start of one, as a word of its
/// kind, or — in a word of five letters or more — with one typo (a letter
/// added, dropped, changed, or two swapped), also at the start of a word.
/// A place's names are its `name`, `brand`, `alt_name`, `official_name`,
/// `short_name` and every `name:<lang>`.
public struct NameQuery: Hashable, Sendable {
    public let words: [String]

    /// Words shorter than this get no typo: "bar" is not a misspelt "car".
    public static let typoMinimumLength = 5

    public init(_ text: String) {
        words = SearchWords.of(text).map(String.init)
    }

    public var isEmpty: Bool { words.isEmpty }

    /// The tags whose values are names of the place.
    public static func isNameTag(_ key: String) -> Bool {
        key == "brand" || key == "alt_name" || key == "official_name" || key == "short_name" || key.hasPrefix("name:")
    }

    /// How well the place matches, or nil when some word matches nothing.
    public func match(_ place: Place) -> NameMatch? {
        guard !words.isEmpty else { return .word }
        var names = SearchWords.of(place.name)
        for (key, value) in place.tags where Self.isNameTag(key) { names += SearchWords.of(value) }
        var kinds: [Substring] = []
        var worst = NameMatch.word
        for word in words {
            var best: NameMatch?
            if names.contains(where: { $0 == word }) {
                best = .word
            } else if names.contains(where: { $0.hasPrefix(word) }) {
                best = .prefix
            } else {
                if kinds.isEmpty { kinds = Self.kindWords(of: place) }
                if kinds.contains(where: { $0.hasPrefix(word) }) {
                    best = .kind
                } else if word.count >= Self.typoMinimumLength,
                          names.contains(where: { Self.withinOneEdit(word, ofPrefixOf: $0) })
                            || kinds.contains(where: { Self.withinOneEdit(word, ofPrefixOf: $0) }) {
                    best = .typo
                }
            }
            guard let best else { return nil }
            worst = max(worst, best)
        }
        return worst
    }

    private static func kindWords(of place: Place) -> [Substring] {
        var words: [Substring] = []
        for category in place.categories {
            words += SearchWords.of(category.singularName) + SearchWords.of(category.displayName)
                + SearchWords.of(category.rawValue.replacingOccurrences(of: "_", with: " "))
            for term in category.searchTerms { words += SearchWords.of(term) }
        }
        if let cuisine = place.cuisine { words += SearchWords.of(cuisine) }
        return words
    }

    /// Whether `word` is one edit (insertion, deletion, substitution or a
    /// swap of neighbours) from `candidate` or from a prefix of it.
    static func withinOneEdit(_ word: String, ofPrefixOf candidate: Substring) -> Bool {
        let a = Array(word.unicodeScalars)
        let b = Array(candidate.unicodeScalars)
        guard !a.isEmpty, b.count >= a.count - 1 else { return false }
        // Distances from `a` to each prefix of `b` (optimal string alignment), a row per prefix.
        var previous2: [Int] = []
        var previous = Array(0...a.count)
        for j in 1...b.count {
            var current = [j] + Array(repeating: 0, count: a.count)
            for i in 1...a.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[i] = min(previous[i] + 1, current[i - 1] + 1, previous[i - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[i] = min(current[i], previous2[i - 2] + 1)
                }
            }
            if current[a.count] <= 1 { return true }
            // A row's smallest cell never shrinks further down: past one, no longer prefix can match.
            if current.allSatisfy({ $0 > 1 }) { return false }
            previous2 = previous
            previous = current
        }
        return false
    }
}
