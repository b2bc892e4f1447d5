import NearbyKit

/// The parameters of a query string (`a=1&b=x%20y`), decoded strictly: a
/// malformed escape or bytes that are not UTF-8 make the whole query
/// invalid, so that a handler never sees half-decoded text. Hummingbird's
/// own decoding keeps such values raw and leaves `+` alone, which Google's
/// clients send for spaces.
struct QueryParameters: Sendable {
    struct Malformed: Error, Sendable {
        /// The parameter's name, escaped for a message: it may have decoded
        /// to a line break or any other control character.
        let parameter: String
        /// The parameter as it came, still percent-encoded.
        var text: String = ""
    }

    private(set) var pairs: [(name: String, value: String)] = []

    init(_ query: Substring?) throws(Malformed) {
        guard let query, !query.isEmpty else { return }
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else {
                throw Malformed(parameter: TerminalSafeText.escaped(String(parts[0]), limit: 40), text: String(item))
            }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            guard let value else { throw Malformed(parameter: TerminalSafeText.escaped(name, limit: 40), text: String(parts[1])) }
            pairs.append((name, value))
        }
    }

    /// The first value given for `name`.
    subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] {
        pairs.compactMap { $0.name == name ? $0.value : nil }
    }

    func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }

    static func decode(_ text: Substring) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "+"):
                out.append(UInt8(ascii: " "))
                i += 1
            case UInt8(ascii: "%"):
                guard i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) else { return nil }
                out.append(high << 4 | low)
                i += 3
            default:
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
