/// Which of a place's names a name search matched, where it is not the name
/// shown: "Pavillons des Boulingrins", the `old_name` of the Jardin des
/// Boulingrins; "Centre Hospitalier Princesse Grace", the `name` of a place
/// shown by its `name:en`. A list that shows one name says why a place whose
/// shown name has none of the words typed is there, as Google's
/// `matched_substrings` say which part of a prediction's text matched.
public struct MatchedName: Hashable, Sendable {
    /// The tag that holds it: `name`, `old_name`, `alt_name`, `name:de`…
    public var key: String
    public var text: String

    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}

extension NameQuery {
    /// The name of `place` that matches most of the words, when `shown`
    /// matches fewer: nil when the name shown answers as well as any (or no
    /// name answers a word, as when every word names the kind). A name's
    /// word matches as `match` reads it: whole, as its start, or one typo away.
    public func matchedName(of place: Place, shown: String) -> MatchedName? {
        let shownCount = count(of: SearchWords.of(shown))
        var best: (name: MatchedName, count: Int)?
        let others = place.tags.filter { Self.isNameTag($0.key) }.sorted { $0.key < $1.key }
        for (key, text) in [("name", place.name)] + others where text != shown {
            let count = count(of: SearchWords.of(text))
            if count > max(shownCount, best?.count ?? 0) { best = (MatchedName(key: key, text: text), count) }
        }
        return best?.name
    }

    /// How many of the words match one of `nameWords`.
    private func count(of nameWords: [String]) -> Int {
        words.count { word in
            nameWords.contains { Self.starts($0, with: word) || (Self.allowsTypo(word) && Self.withinOneEdit(word, $0)) }
        }
    }
}
