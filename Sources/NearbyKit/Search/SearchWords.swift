import Foundation

/// Text as search compares it: lower case, accents removed, cut into words
/// of letters and digits ("Café-de-Paris" → cafe, de, paris).
///
/// It works on Unicode scalars, not on Characters: a search folds every
/// name it looks at, and grapheme-by-grapheme work cost microseconds a name.
public enum SearchWords {
    public static func of(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func end() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if !fold(scalar, into: &word) { end() }
        }
        end()
        return words
    }

    /// Appends what `scalar` gives a word (an accent written apart from its
    /// letter gives nothing) and tells whether it belongs in one: a scalar
    /// that does not ends the word.
    @inline(__always)
    public static func fold(_ scalar: Unicode.Scalar, into word: inout String.UnicodeScalarView) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x41...0x5A: word.append(Unicode.Scalar(UInt8(value + 0x20)))
            case 0x61...0x7A, 0x30...0x39: word.append(scalar)
            default: return false
            }
        } else if let folded = Folding.table[value] {
            word.append(contentsOf: folded.unicodeScalars)
        } else {
            switch scalar.properties.generalCategory {
            case .nonspacingMark:
                break  // an accent written apart from its letter, a tone mark
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .spacingMark, .enclosingMark:
                // Exactly what the GeoPackage's FTS5 tokenizer keeps in a token ('L* N* M*'),
                // in lower case: a letter that has none (CJK's, a lower-case one) as it
                // is, without the String `lowercaseMapping` makes for every letter.
                if scalar.properties.changesWhenLowercased {
                    word.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                } else {
                    word.append(scalar)
                }
            default:
                return false
            }
        }
        return true
    }

    /// The whole text folded, words joined by one space: `of(text)` joined,
    /// made in one string (the kind vocabulary folds 54,000 phrases at start).
    public static func folded(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var word = String.UnicodeScalarView()
        func end() {
            guard !word.isEmpty else { return }
            if !folded.isEmpty { folded.append(" ") }
            folded.append(contentsOf: word)
            word.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if !fold(scalar, into: &word) { end() }
        }
        end()
        return String(folded)
    }

    /// Latin (Vietnamese and transliterations included), Greek and Cyrillic
    /// letters with their accents removed and in lower case, worked out once
    /// by Foundation's folding (ß as ss, æ as ae, œ as oe, as people type them).
    private enum Folding {
        static let table: [UInt32: String] = {
            var table: [UInt32: String] = [:]
            for value in Array(UInt32(0x00C0)..<0x0530) + Array(UInt32(0x1E00)..<0x2000) {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
                let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                if folded != String(scalar) { table[value] = folded }
            }
            table[0xDF] = "ss"
            table[0xE6] = "ae"
            table[0xC6] = "ae"
            table[0x153] = "oe"
            table[0x152] = "oe"
            return table
        }()
    }
}
