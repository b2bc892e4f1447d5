extension Place {
    /// The name to show a reader of `language`: the place's `name:<language>`
    /// tag when it has one, else its name.
    public func name(in language: String?) -> String {
        guard let language, let localized = tags["name:\(language)"], !localized.isEmpty else { return name }
        return localized
    }

    /// A language code as OSM's `name:<code>` keys use them: `fr`, `gsw`,
    /// `zh-Hant`, `sr-Latn` (letters, then subtags of letters and digits).
    public static func isLanguageCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
