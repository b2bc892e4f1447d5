/// Text from across the network (a server's `error_message`, a body that
/// is not JSON) made fit for one line of a message: control characters
/// that could move a terminal's cursor or end the line are shown escaped,
/// and a long text is cut.
enum RemoteText {
    static func printable(_ text: String, limit: Int = 300) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            count += 1
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                out += scalar.escaped(asASCII: true)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
