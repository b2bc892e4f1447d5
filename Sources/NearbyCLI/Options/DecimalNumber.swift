import ArgumentParser

/// Coordinates and distances as people write them: decimal digits, an
/// optional sign, point and exponent. `Double(_:)` alone also reads hex
/// floats (`0x1p5` is 32), `nan` and `inf`, none of which anyone means as a
/// latitude or a radius.
enum DecimalNumber {
    static func parse(_ text: String) throws -> Double {
        guard isDecimal(text), let value = Double(text) else { throw ValidationError("not a decimal number") }
        guard value.isFinite else { throw ValidationError("too large") }
        return value
    }

    static func isDecimal(_ text: String) -> Bool {
        var rest = Substring(text)
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        rest = rest.dropFirst(mantissa.count)
        guard mantissa.filter({ $0 == "." }).count <= 1, mantissa.contains(where: \.isNumber) else { return false }
        guard let e = rest.first else { return true }
        guard e == "e" || e == "E" else { return false }
        rest = rest.dropFirst()
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        return !rest.isEmpty && rest.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
