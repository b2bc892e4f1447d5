import Mustache

/// Text from the data as it goes into a page: HTML's five special
/// characters escaped, and the characters a page would obey without showing
/// them written out as the terminal views write them (`\u{1b}`): control
/// characters but tab and line feed (ESC, BEL, CR: a page fetched to a
/// terminal would act on them) and the bidirectional embeddings, overrides
/// and isolates (U+202A–U+202E, U+2066–U+2069: a right-to-left override
/// spoofs a name). Joiners and marks that scripts need are kept.
public enum HTMLText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _
            where scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The templates' content type (`{{% CONTENT_TYPE: NEARBY_HTML}}`): every `{{value}}` goes through `escaped`.
    struct ContentType: MustacheContentType {
        static let name = "NEARBY_HTML"

        func escapeText(_ text: String) -> String { HTMLText.escaped(text) }
    }
}
