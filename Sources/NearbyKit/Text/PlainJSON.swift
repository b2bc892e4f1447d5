/// Reads the JSON a store gives back as nearby wrote it (`JSONText`;
/// PostgreSQL's `jsonb` text too) — strings without escapes or control
/// characters, in objects and arrays — in place. SQLite's JSON functions run
/// a statement for each value: over a million places' address parts, 5.6 s
/// of SQLite's time alone, more than the rest of reading them; over an
/// update's 400,000 addressed elements, 0.8 s. Each reader here gives nil at
/// anything else, and its caller then reads the text as it did before (SQLite,
/// `JSONDecoder`), whose verdict stands: a shortcut, not a second judge.
public struct PlainJSON {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// A JSON object of plain strings (tags, names, `addr:*` values); a key
    /// twice keeps its last value, as `json_each` read into a dictionary does
    /// (`jsonb` text holds none).
    public static func stringObject(_ json: String) -> [String: String]? {
        read(json) { scanner in
            var values: [String: String] = [:]
            let whole = scanner.object { key, scanner in
                guard let value = scanner.string() else { return false }
                values[key] = value
                return true
            }
            return whole ? values : nil
        }
    }

    /// A place's stored address parts (`AddressComponent`'s stored form):
    /// an array of objects with `long_name`, `types`, and perhaps
    /// `short_name` and `source`, each once.
    public static func addressComponents(_ json: String) -> [AddressComponent]? {
        read(json) { scanner in
            var components: [AddressComponent] = []
            let whole = scanner.array { scanner in
                var (long, short, source, types): (String?, String?, String?, [String]?) = (nil, nil, nil, nil)
                var seen: UInt8 = 0
                let member = scanner.object { key, scanner in
                    let bit: UInt8 =
                        switch key {
                        case "long_name": 1
                        case "short_name": 2
                        case "source": 4
                        case "types": 8
                        default: 0
                        }
                    guard bit != 0, seen & bit == 0 else { return false }
                    seen |= bit
                    switch key {
                    case "long_name":
                        long = scanner.string()
                        return long != nil
                    case "short_name", "source":
                        guard let value = scanner.stringOrNull() else { return false }
                        if key == "source" { source = value } else { short = value }
                        return true
                    case "types":
                        var list: [String] = []
                        guard scanner.array({ scanner in scanner.string().map { list.append($0) } != nil }) else { return false }
                        types = list
                        return true
                    default:
                        return false
                    }
                }
                guard member, let long, let kind = types?.compactMap(AddressComponent.Kind.init(rawValue:)).min() else { return false }
                components.append(
                    AddressComponent(kind, long, shortName: short, rule: source.flatMap(AddressRule.init(rawValue:)) ?? .tags))
                return true
            }
            return whole ? components : nil
        }
    }

    /// `body` over the text's bytes; nil unless it reads them all.
    private static func read<T>(_ text: String, _ body: (inout PlainJSON) -> T?) -> T? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = PlainJSON(bytes)
            guard let value = body(&scanner) else { return nil }
            scanner.skipSpace()
            return scanner.at == bytes.count ? value : nil
        }
    }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    /// Takes `byte` if it comes next, after white space.
    private mutating func take(_ byte: Unicode.Scalar) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: byte) else { return false }
        at += 1
        return true
    }

    private mutating func string() -> String? {
        guard take("\"") else { return nil }
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            if bytes[at] == UInt8(ascii: "\\") || bytes[at] < 0x20 { return nil }
            at += 1
        }
        guard at < bytes.count else { return nil }
        at += 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at - 1]), as: UTF8.self)
    }

    /// A string, or `null` (.some(nil)).
    private mutating func stringOrNull() -> String?? {
        skipSpace()
        guard bytes.count - at >= 4, bytes[at..<at + 4].elementsEqual("null".utf8) else { return string().map { $0 } }
        at += 4
        return .some(nil)
    }

    /// An object, each member's value read by `member` given its key.
    private mutating func object(_ member: (String, inout PlainJSON) -> Bool) -> Bool {
        guard take("{") else { return false }
        if take("}") { return true }
        repeat {
            guard let key = string(), take(":"), member(key, &self) else { return false }
        } while take(",")
        return take("}")
    }

    /// An array, each element read by `element`.
    private mutating func array(_ element: (inout PlainJSON) -> Bool) -> Bool {
        guard take("[") else { return false }
        if take("]") { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(",")
        return take("]")
    }
}
