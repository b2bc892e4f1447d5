import NearbyKit

/// A JSON value as a Places API (New) request body holds it, read in one
/// pass over the bytes: each byte is looked at once or twice, so a body
/// costs time in proportion to its size, whatever its shape. A body nested
/// deeper than `maximumDepth` (a Places body nests four deep) is refused
/// where the nesting passes it, without reading on.
///
/// Numbers are kept as written (`number("43.7384")`), for `DecimalText`
/// to read as every other input's numbers are read; an object keeps its
/// members in order, repeats included, so that a key given twice is seen.
/// Strings are UTF-8 and hold no lone surrogate (`"\ud800"`), as protobuf's
/// JSON parser requires.
enum ProtoJSONValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ProtoJSONValue])
    case object([(key: String, value: ProtoJSONValue)])

    /// Deeper than any Places body (the top object, `locationRestriction`, `circle`, `center`), with room to spare.
    static let maximumDepth = 32

    /// Why a body is not JSON, and the byte (from 0) where reading stopped.
    struct Failure: Error, Equatable {
        let reason: String
        let offset: Int

        var message: String { "Invalid JSON payload received. \(reason) at byte \(offset)." }
    }

    static func read(_ bytes: some Collection<UInt8>) throws(Failure) -> ProtoJSONValue {
        var reader = Reader(bytes: Array(bytes))
        let value = try reader.value(depth: 1)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.failure("Unexpected token after the value") }
        return value
    }

    /// A short rendering for messages: a string quoted and escaped, a list or object by its kind.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let literal): literal
        case .string(let text): "\"\(TerminalSafeText.escaped(text, limit: 40))\""
        case .array: "a list"
        case .object: "an object"
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Failure) -> ProtoJSONValue {
            skipSpace()
            guard index < bytes.count else { throw failure("Unexpected end of the body") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth <= ProtoJSONValue.maximumDepth else {
                    throw failure("Nested deeper than \(ProtoJSONValue.maximumDepth) levels")
                }
                return bytes[index] == UInt8(ascii: "{") ? try object(depth: depth) : try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw failure("Unexpected token")
            }
        }

        private mutating func word(_ text: String, _ value: ProtoJSONValue) throws(Failure) -> ProtoJSONValue {
            let word = Array(text.utf8)
            guard bytes.count - index >= word.count, bytes[index..<(index + word.count)].elementsEqual(word) else {
                throw failure("Unexpected token")
            }
            index += word.count
            return value
        }

        private mutating func array(depth: Int) throws(Failure) -> ProtoJSONValue {
            index += 1
            var items: [ProtoJSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw failure("Unexpected end of the body") }
                let next = bytes[index]
                index += 1
                if next == UInt8(ascii: "]") { return .array(items) }
                guard next == UInt8(ascii: ",") else {
                    index -= 1
                    throw failure("Expected , or ]")
                }
            }
        }

        private mutating func object(depth: Int) throws(Failure) -> ProtoJSONValue {
            index += 1
            var members: [(key: String, value: ProtoJSONValue)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("Expected a quoted key") }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("Expected :") }
                index += 1
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw failure("Unexpected end of the body") }
                let next = bytes[index]
                index += 1
                if next == UInt8(ascii: "}") { return .object(members) }
                guard next == UInt8(ascii: ",") else {
                    index -= 1
                    throw failure("Expected , or }")
                }
            }
        }

        /// JSON's number grammar, kept as written.
        private mutating func number() throws(Failure) -> String {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0 else { throw failure("Unexpected token") }
            guard bytes[whole] != UInt8(ascii: "0") || index - whole == 1 else { throw failure("A number with a leading zero") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw failure("A number with no digit after its point") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw failure("A number with no digit in its exponent") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A quoted string from its opening quote: escapes decoded, UTF-8 checked.
        private mutating func string() throws(Failure) -> String {
            index += 1
            var text: [UInt8] = []
            while true {
                guard index < bytes.count else { throw failure("Unexpected end of the body in a string") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    guard let string = String(validating: text, as: UTF8.self) else { throw failure("A string that is not UTF-8") }
                    return string
                case UInt8(ascii: "\\"):
                    try escape(into: &text)
                case 0..<0x20:
                    throw failure("A control character in a string")
                default:
                    text.append(byte)
                    index += 1
                }
            }
        }

        private mutating func escape(into text: inout [UInt8]) throws(Failure) {
            index += 1
            guard index < bytes.count else { throw failure("Unexpected end of the body in a string") }
            let simple: [UInt8: UInt8] = [
                UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
                UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
            ]
            if let byte = simple[bytes[index]] {
                text.append(byte)
                index += 1
                return
            }
            guard bytes[index] == UInt8(ascii: "u") else { throw failure("An unknown escape in a string") }
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("A lone surrogate in a string")
                }
                index += 1
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("A lone surrogate in a string") }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("A lone surrogate in a string")
            }
            // Every value here is a Unicode scalar: surrogates were paired above.
            text.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        }

        /// `uXXXX`, from the `u`.
        private mutating func hex4() throws(Failure) -> UInt32 {
            index += 1
            guard bytes.count - index >= 4 else { throw failure("A \\u escape of fewer than four hex digits") }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else {
                    throw failure("A \\u escape of fewer than four hex digits")
                }
                value = value << 4 | digit
            }
            index += 4
            return value
        }
    }
}
