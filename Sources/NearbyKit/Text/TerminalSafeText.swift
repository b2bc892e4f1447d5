/// Text from input (a file, an option) made safe to print in a message:
/// control, format and unassigned characters are spelled out as `\u{…}`, so
/// a name cannot move the cursor, clear the screen or hide text on a
/// terminal, and a message stays on one line.
public enum TerminalSafeText {
    public static func escaped(_ text: String, limit: Int = 200) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            count += 1
            if isEscaped(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether the text holds nothing `escaped` would spell out: a reader
    /// that folds such characters away must refuse them first, or it would
    /// accept what a message cannot show.
    public static func isPlain(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isEscaped)
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }
}
