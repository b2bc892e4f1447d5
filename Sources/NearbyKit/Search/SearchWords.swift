import Foundation

/// Text as search compares it: lower case, accents removed, cut into words
/// of letters and digits ("Café-de-Paris" → cafe, de, paris).
public enum SearchWords {
    public static func of(_ text: String) -> [Substring] {
        folded(text).split { !($0.isLetter || $0.isNumber) }
    }

    /// Case and accents ignored; ASCII, most of what OSM names hold, without Foundation.
    public static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
            .replacingOccurrences(of: "œ", with: "oe")
            .replacingOccurrences(of: "æ", with: "ae")
    }
}
