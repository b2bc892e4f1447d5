extension Question {
    /// Reads a question in words. Pure: the same text gives the same
    /// question, whatever the data.
    ///
    /// - a position alone ("47.16,9.51", "N 47 15 7 E 9 31 26") is `position`;
    /// - `[key=value]` is `tag`, `[kind]` a kind, as Nominatim reads them;
    /// - the last "in", "near" or "around" with words on both sides splits
    ///   what is asked for from where (`near`), unless only numbers stand
    ///   before it;
    /// - in the subject, a number first or last in a comma's part, else the
    ///   first beside a word, is the house number ("11 avenue de la Costa",
    ///   "Austrasse 11", "Austrasse 11 9490 Vaduz"); a later 4–5 digit number
    ///   or a British, Dutch or Canadian code is the postcode ("…, 9490
    ///   Vaduz"); a 4–5 digit number in a text without commas may be either
    ///   ("9490 Vaduz", "1600 Amphitheatre Parkway"), and
    ///   `numberIsPostcodeOrHouseNumber` says so;
    /// - a kind's name, plural or search term ("restaurants", "post office"),
    ///   in any language the vocabulary has ("Apotheke", "bureau de poste"),
    ///   is a kind; a word that names kinds in several languages is read in
    ///   `language` first, then in English, then in `regional` (the language
    ///   of the country the question is about), then in every language
    ///   (`KindVocabulary.kinds(named:language:regional:)`: "bar" is a café in
    ///   Italian); its words stay in `parts` too, for a street or a name may
    ///   hold them ("Station Road").
    public static func read(_ text: String, language: String? = nil, regional: String? = nil) throws(QuestionError) -> Question {
        let bytes = text.utf8.count
        guard bytes <= maximumBytes else { throw .tooLong(bytes: bytes) }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlCharacter }
        let trimmed = text.trimmed()
        guard !trimmed.isEmpty else { throw .empty }
        if let position = CoordinateText.parse(trimmed) { return Question(position: position) }
        var question = Question()
        var rest = Substring(trimmed)
        question.tag = takeBrackets(from: &rest, kinds: &question.kinds, language: language, regional: regional)
        var tokens = rest.split(whereSeparator: { $0 == " " }).flatMap(splitCommas)
        if let split = tokens.lastIndex(where: { connectors.contains(SearchWords.folded(String($0))) }),
            split > 0, split < tokens.count - 1, tokens[..<split].contains(where: isWord)
        {
            let after = tokens[(split + 1)...].joined(separator: " ")
            if let position = CoordinateText.parse(after) {
                question.near = .position(position)
            } else {
                let words = SearchWords.of(after)
                if !words.isEmpty { question.near = .words(words) }
            }
            tokens = Array(tokens[..<split])
        }
        let parts = tokens.split(separator: ",").map(Array.init)
        question.takeNumbers(parts)
        for kind in kinds(in: question.parts + (question.nearWords.map { [$0] } ?? []), language: language, regional: regional)
        where !question.kinds.contains(kind) {
            question.kinds.append(kind)
        }
        guard question.names else { throw .nothingToLookFor }
        return question
    }

    /// Words that say where, between what is asked for and the place.
    static let connectors: Set<String> = ["in", "near", "around"]

    /// Whether a token can be what is asked for before a connector: a house
    /// number alone is not ("11 In der Egerta" is a street named "In der Egerta").
    private static func isWord(_ token: Substring) -> Bool {
        token.first.map { !$0.isNumber } == true && token.contains(where: \.isLetter)
    }

    /// Words that name nothing on their own; a question of only these asks nothing.
    public static let stopWords: Set<String> = [
        "the", "of", "and", "at", "a", "an", "to", "de", "la", "le", "les", "l", "du", "des", "d", "di", "del", "della", "el",
        "los", "las", "der", "die", "das", "den", "dem", "von", "am", "im", "und", "et", "y", "e",
    ]

    private var nearWords: [String]? {
        if case .words(let words) = near { words } else { nil }
    }

    /// Whether anything is left to look for.
    private var names: Bool {
        houseNumber != nil || postcode != nil || tag != nil || !kinds.isEmpty || near != nil
            || words.contains { !Self.stopWords.contains($0) }
    }

    /// `[key=value]` and `[kind]`, taken out of the text: the first tag, and every kind.
    private static func takeBrackets(
        from text: inout Substring, kinds: inout [PlaceCategory], language: String?, regional: String?
    ) -> Tag? {
        var tag: Tag?
        var kept = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            kept += rest[..<open] + " "
            let inside = rest[rest.index(after: open)..<close]
            let pair = inside.split(separator: "=", maxSplits: 1).map { $0.trimmed() }
            if pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty {
                if tag == nil { tag = Tag(key: String(pair[0]), value: String(pair[1])) }
            } else {
                for kind in Self.kinds(in: [SearchWords.of(String(inside))], language: language, regional: regional)
                where !kinds.contains(kind) {
                    kinds.append(kind)
                }
            }
            rest = rest[rest.index(after: close)...]
        }
        text = Substring(kept + rest)
        return tag
    }

    /// "Austrasse 11," as "Austrasse", "11", ",": a comma is a token of its own.
    private static func splitCommas(_ token: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = token.startIndex
        for index in token.indices where token[index] == "," {
            if start < index { pieces.append(token[start..<index]) }
            pieces.append(token[index...index])
            start = token.index(after: index)
        }
        if start < token.endIndex { pieces.append(token[start...]) }
        return pieces
    }

    /// The house number and the postcode out of the parts, the rest folded into `parts`.
    private mutating func takeNumbers(_ parts: [[Substring]]) {
        var folded: [[String]] = []
        for (index, part) in parts.enumerated() {
            var part = part
            let hasWords = part.contains { !Self.isNumberLike($0) }
            if houseNumber == nil, hasWords, let number = Self.houseNumberIndex(in: part) {
                var text = String(part[number])
                // "34 b", "11 bis": the letter written apart belongs to the number.
                if number + 1 < part.count, Self.isNumberSuffix(part[number + 1]), text.allSatisfy(\.isNumber) {
                    text += " " + part.remove(at: number + 1)
                }
                if parts.count == 1, Self.isPostcode(text) {
                    postcode = text.uppercased()
                    numberIsPostcodeOrHouseNumber = true
                }
                houseNumber = text.lowercased()
                part.remove(at: number)
            }
            if postcode == nil || numberIsPostcodeOrHouseNumber, index > 0 || houseNumber != nil || !hasWords,
                let code = Self.postcode(in: &part)
            {
                postcode = code
                numberIsPostcodeOrHouseNumber = false
            }
            let words = part.flatMap { SearchWords.of(String($0)) }
            if !words.isEmpty { folded.append(words) }
        }
        self.parts = folded
    }

    /// A number first or last in the part, else the first beside a word ("Austrasse 11 9490 Vaduz").
    static func houseNumberIndex(in part: [Substring]) -> Int? {
        if let end = [part.startIndex, part.endIndex - 1].first(where: { isHouseNumber(part[$0]) }) { return end }
        return part.indices.dropFirst().first { isHouseNumber(part[$0]) && !isNumberLike(part[$0 - 1]) }
    }

    static func isNumberLike(_ token: Substring) -> Bool {
        token.first?.isASCII == true && token.first?.isNumber == true
    }

    /// "11", "11a", "11bis", "11-13", "5/2", "20'" (a prime: Liechtenstein numbers a house built beside 20 so).
    static func isHouseNumber(_ token: Substring) -> Bool {
        let text = token.lowercased()
        var digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...5).contains(digits.count) else { return false }
        var rest = text.dropFirst(digits.count)
        if let separator = rest.first, separator == "-" || separator == "/" {
            digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard (1...5).contains(digits.count) else { return false }
            rest = rest.dropFirst(1 + digits.count)
        }
        return rest.isEmpty || rest == "bis" || rest == "ter" || (rest.count == 1 && rest.first!.isLetter && rest.first!.isASCII)
            || (rest.count == 1 && rest.first.map(Geocoder.primes.contains) == true)
    }

    static func isNumberSuffix(_ token: Substring) -> Bool {
        let text = token.lowercased()
        return text == "bis" || text == "ter" || (text.count == 1 && text.first!.isASCII && text.first!.isLetter)
    }

    /// A postal code's own form: 4 or 5 digits (most of Europe, the US).
    static func isPostcode(_ text: some StringProtocol) -> Bool {
        (4...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A postcode in the part, taken out: 4–5 digits, "SW1A 2AA", "1012 AB", "K1A 0B1".
    private static func postcode(in part: inout [Substring]) -> String? {
        if let index = part.firstIndex(where: { isPostcode($0) }) {
            return String(part.remove(at: index))
        }
        for index in part.indices.dropLast() {
            let (a, b) = (part[index].uppercased(), part[index + 1].uppercased())
            let british = a.wholeMatch(of: /[A-Z]{1,2}[0-9][A-Z0-9]?/) != nil && b.wholeMatch(of: /[0-9][A-Z]{2}/) != nil
            let dutch = a.wholeMatch(of: /[0-9]{4}/) != nil && b.wholeMatch(of: /[A-Z]{2}/) != nil
            let canadian = a.wholeMatch(of: /[A-Z][0-9][A-Z]/) != nil && b.wholeMatch(of: /[0-9][A-Z][0-9]/) != nil
            if british || dutch || canadian {
                part.removeSubrange(index...(index + 1))
                return a + " " + b
            }
        }
        return nil
    }

    /// The kinds the parts' words name, longest phrase first: "post office", then "office".
    static func kinds(in parts: [[String]], language: String? = nil, regional: String? = nil) -> [PlaceCategory] {
        let vocabulary = KindVocabulary.shared
        var found: [PlaceCategory] = []
        for words in parts {
            var start = 0
            while start < words.count {
                var matched = 0
                for length in stride(from: min(vocabulary.longestPhrase, words.count - start), through: 1, by: -1) {
                    let phrase = words[start..<(start + length)].joined(separator: " ")
                    let kinds = vocabulary.kinds(named: phrase, language: language, regional: regional)
                    if !kinds.isEmpty {
                        for kind in kinds where !found.contains(kind) { found.append(kind) }
                        matched = length
                        break
                    }
                }
                start += max(matched, 1)
            }
        }
        return found
    }
}
