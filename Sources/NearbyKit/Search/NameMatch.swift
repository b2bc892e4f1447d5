/// How well a place answers a name search, best first. A place's quality is
/// that of its worst-matched word: every word of the query must match.
public enum NameMatch: Int, Comparable, Sendable {
    /// The word is a whole word of the place's name (or brand, or a name in
    /// another language).
    case word
    /// The word begins a word of the name: "caf" for "Café".
    case prefix
    /// The word names the place's kind: its category's names and search
    /// terms ("atm", "cashpoint"), or its cuisine.
    case kind
    /// Only with one typo, in a word of five letters or more: "restaurnt".
    case typo

    public static func < (a: NameMatch, b: NameMatch) -> Bool { a.rawValue < b.rawValue }
}
