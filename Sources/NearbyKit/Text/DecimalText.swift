/// The one grammar of decimal numbers, for every input that reads one: the
/// CLI's options, the API's and the static maps' parameters, the pages'
/// query. An optional sign, ASCII digits with at most one point and at
/// least one digit, an optional exponent (`1e3`, `2.5E-1`), white space
/// around it ignored (as `trimmed()` reads it), at most 32 characters; finite.
///
/// `Double(_:)` alone also reads hex floats (`0x1p3` is 8), `nan` and
/// `inf`, none of which anyone means as a latitude or a radius; and
/// `Character.isNumber` takes other scripts' digits (`١٢`), which `Double`
/// then refuses anyway.
public enum DecimalText {
    public enum Failure: Error, Equatable, Sendable {
        case notDecimal
        /// Decimal, but past what a `Double` holds (`1e400`).
        case tooLarge
    }

    public static let maximumLength = 32

    public static func parse(_ text: some StringProtocol) throws(Failure) -> Double {
        let bytes = Array(text.trimmed().utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength, isDecimal(bytes),
            let value = Double(String(decoding: bytes, as: UTF8.self))
        else { throw .notDecimal }
        guard value.isFinite else { throw .tooLarge }
        return value
    }

    /// The number, or nil when `parse` would throw.
    public static func value(_ text: some StringProtocol) -> Double? {
        try? parse(text)
    }

    private static func isDecimal(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func skipSign() {
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        }
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        skipSign()
        var mantissa = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            skipSign()
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
