/// Percent-encoding for the URLs nearby writes (the pages' links, the
/// client's requests): the UTF-8 of everything but RFC 3986's unreserved
/// characters, and any other ASCII a caller keeps as it is. Written here
/// rather than through Foundation, whose `urlQueryAllowed` leaves `+`, `&`
/// and `=` ambiguous in a value.
public enum PercentEncoding {
    /// - Parameter kept: ASCII characters also left as they are, e.g. `,`
    ///   for a list such as `location=43.7,7.4`.
    public static func encoded(_ text: String, keeping kept: Set<UInt8> = []) -> String {
        let bytes = text.utf8
        let isKept = { (byte: UInt8) in isUnreserved(byte) || kept.contains(byte) }
        guard !bytes.allSatisfy(isKept) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if isKept(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A query string, `name=value&…`, each part encoded; commas stay as
    /// they are, since `location=43.7,7.4` and `type=cafe,bar` are lists.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        let comma: Set<UInt8> = [UInt8(ascii: ",")]
        return items.map { "\(encoded($0.name, keeping: comma))=\(encoded($0.value, keeping: comma))" }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
