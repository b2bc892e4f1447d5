/// A query string as the (name, value) pairs it holds, in their order and
/// with repeats kept (`markers=…&markers=…`), percent-decoded and with `+`
/// read as a space, as HTML forms and Google's own examples write them.
struct QueryPairs: Sendable {
    let pairs: [(name: String, value: String)]

    /// Nil when an escape is malformed (`%G1`, a lone `%`) or decodes to bytes
    /// that are not UTF-8: such a query cannot be read faithfully.
    init?(_ query: Substring) {
        var pairs: [(name: String, value: String)] = []
        for field in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = field.firstIndex(of: "=")
            let rawName = equals.map { field[..<$0] } ?? field
            let rawValue = equals.map { field[field.index(after: $0)...] } ?? ""
            guard let name = Self.decode(rawName), let value = Self.decode(rawValue) else { return nil }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    private static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
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
