/// What a phrase of the kind vocabulary names: a kind, maybe narrowed, in
/// one locale, with how strongly the phrase names it.
public struct KindSense: Hashable, Sendable {
    /// How a phrase names its kind, strongest first: the table's own words
    /// beat a name in the vocabulary, which beats a search term ("bar" is
    /// iD's English search term for restaurants, and the name of bars).
    public enum Standing: Int, Comparable, Sendable {
        /// Data/categories.json's names, id and terms (English).
        case table
        /// A label, name or alias of an iD preset.
        case name
        /// A search term of an iD preset.
        case term

        public static func < (a: Standing, b: Standing) -> Bool { a.rawValue < b.rawValue }
    }

    public let kind: PlaceCategory
    /// The other tags the phrase means beside the kind, as the vocabulary
    /// writes them ("cuisine=pizza"); nil for the kind itself.
    public let narrowing: String?
    /// iD's locale ("de", "pt-BR"); "en" for the table's words.
    public let locale: String
    public let standing: Standing

    /// The cuisine the phrase narrows to, when that is all it narrows to
    /// and the value folds to one word ("pizza" of "cuisine=pizza").
    public var cuisine: String? { narrowing.flatMap(Self.cuisine(of:)) }

    /// The cuisine a narrowing is, when that is all it is ("pizza" of "cuisine=pizza").
    static func cuisine(of narrowing: String) -> String? {
        guard narrowing.hasPrefix(Self.cuisinePrefix), !narrowing.contains(" & ") else { return nil }
        let words = SearchWords.of(String(narrowing.dropFirst(Self.cuisinePrefix.count)))
        return words.count == 1 ? words[0] : nil
    }

    /// Whether the phrase is read in `language` (a BCP 47 tag or iD locale):
    /// the same language, whatever the region or script ("pt" for "pt-BR").
    public func isIn(language: String) -> Bool {
        Self.primary(locale) == Self.primary(language)
    }

    private static let cuisinePrefix = "cuisine="

    static func primary(_ tag: String) -> Substring {
        tag.prefix { $0 != "-" && $0 != "_" && $0 != "@" }.lowercased()[...]
    }
}
