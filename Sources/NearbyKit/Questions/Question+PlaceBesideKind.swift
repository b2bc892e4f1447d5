extension Question {
    /// "Vaduz restaurant", "restaurants Monte-Carlo": the words beside the
    /// kind's, when they stand all before or all after them and neither
    /// begin nor end with a word such as "de" ("Café de Paris" is a name):
    /// the place to look in, if the data knows a town or a district by all
    /// of them (`PlaceSearch.readingQuestion` asks). Nil when the question
    /// names where already, or a number, a tag or no kind.
    public var placeBesideKind: [String]? {
        guard near == nil, !kinds.isEmpty, houseNumber == nil, postcode == nil, tag == nil, position == nil else { return nil }
        let words = parts.joined().map { $0 }
        // A stop word stays, though a kind's phrase holds it ("salon de thé"): "de" is then no kind's word here.
        let rest = words.filter { Self.stopWords.contains($0) || !KindVocabulary.shared.isWord($0, ofAnyOf: kinds) }
        guard !rest.isEmpty, rest.count < words.count, let first = rest.first, let last = rest.last,
            !Self.stopWords.contains(first), !Self.stopWords.contains(last),
            words.starts(with: rest) || words.reversed().starts(with: rest.reversed())
        else { return nil }
        return rest
    }
}
