/// Text from the data made safe for a terminal: a place name is somebody
/// else's input, and an ESC in it could retitle the terminal, move the
/// cursor or fake a line of output. Control characters become visible
/// (C0 as their Unicode control pictures, ␛ ␊; the rest as `\u{…}`), as do
/// the bidirectional overrides that can make text read backwards.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.append(scalar); continue }
            if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                out.append(picture)
            } else if scalar.value == 0x7F, let picture = Unicode.Scalar(0x2421) {
                out.append(picture)
            } else {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, overrides, isolates
        default: false
        }
    }
}
