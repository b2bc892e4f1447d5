import NearbyKit

/// The `Accept-Language` header (RFC 9110 §12.5.4): the language a browser
/// asks for, as the pages read it when no `lang=` names one.
enum AcceptLanguage {
    /// The language of the highest weight that nearby can name places in,
    /// as OpenStreetMap keys names (`de` of `de-CH`, `zh-Hant` of
    /// `zh-Hant-TW`); nil for no header, `*`, or nothing readable. A header
    /// is never refused: a browser's settings should not make a page fail.
    static func preferred(_ header: String?) -> String? {
        guard let header else { return nil }
        var best: (language: String, weight: Double)?
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmed() }
            guard let tag = parts.first, !tag.isEmpty, tag != "*" else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else {
                    weight = 0
                    break
                }
                weight = value
            }
            guard weight > 0, let language = language(of: tag), weight > (best?.weight ?? 0) else { continue }
            best = (language, weight)
        }
        return best?.language
    }

    /// A language tag's language, with its script where it names one.
    private static func language(of tag: Substring) -> String? {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        var language = subtags[0].lowercased()
        if subtags.count > 1, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) {
            language += "-" + subtags[1].prefix(1).uppercased() + subtags[1].dropFirst().lowercased()
        }
        return Place.isLanguageCode(language) ? language : nil
    }
}
