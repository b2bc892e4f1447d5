/// Splits an `opening_hours` value into tokens, forgiving the spellings
/// mappers actually use: any letter case, `9:00`, `9h30`, en and em dashes,
/// non-breaking spaces, curly quotes, English day and month names.
///
/// Works on UTF-8 bytes so that a value costs one pass and no regex.
struct HoursTokenizer {
    private let bytes: [UInt8]
    private var index = 0

    init(_ raw: String) {
        bytes = Array(raw.utf8)
    }

    static func tokens(of raw: String) -> Result<[HoursToken], HoursSyntaxError> {
        var tokenizer = HoursTokenizer(raw)
        do {
            return .success(try tokenizer.all())
        } catch {
            return .failure(error)
        }
    }

    private mutating func all() throws(HoursSyntaxError) -> [HoursToken] {
        var tokens: [HoursToken] = []
        tokens.reserveCapacity(bytes.count / 2 + 1)
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }

    private static func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    private static func isLetter(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// The length of a space or dash spelled with more than one byte, if one starts at `at`.
    private func multibyte(at: Int) -> (length: Int, isDash: Bool)? {
        guard let lead = byte(at), lead >= 0xC2 else { return nil }
        if lead == 0xC2, byte(at + 1) == 0xA0 { return (2, false) }  // no-break space
        guard lead == 0xE2, let second = byte(at + 1), let third = byte(at + 2) else { return nil }
        switch (second, third) {
        case (0x80, 0x90...0x95), (0x88, 0x92): return (3, true)  // hyphens, en/em dashes, minus sign
        case (0x80, 0x80...0x8B), (0x80, 0xAF), (0x81, 0x9F): return (3, false)  // typographic spaces
        default: return nil
        }
    }

    private mutating func next() throws(HoursSyntaxError) -> HoursToken {
        while let b = byte(index) {
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                index += 1
            } else if let special = multibyte(at: index), !special.isDash {
                index += special.length
            } else {
                break
            }
        }
        let start = index
        guard let b = byte(index) else { return HoursToken(kind: .end, offset: start) }
        func single(_ kind: HoursToken.Kind) -> HoursToken {
            index += 1
            return HoursToken(kind: kind, offset: start)
        }
        switch b {
        case 0x30...0x39: return HoursToken(kind: try number(), offset: start)
        case 0x41...0x5A, 0x61...0x7A: return HoursToken(kind: try word(), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "~"): return single(.dash)
        case UInt8(ascii: ","): return single(.comma)
        case UInt8(ascii: ";"): return single(.semicolon)
        case UInt8(ascii: ":"): return single(.colon)
        case UInt8(ascii: "+"): return single(.plus)
        case UInt8(ascii: "/"): return single(.slash)
        case UInt8(ascii: "["): return single(.openBracket)
        case UInt8(ascii: "]"): return single(.closeBracket)
        case UInt8(ascii: "("): return single(.openParenthesis)
        case UInt8(ascii: ")"): return single(.closeParenthesis)
        case UInt8(ascii: "|"):
            guard byte(index + 1) == UInt8(ascii: "|") else { throw .unexpected(at: start) }
            index += 2
            return HoursToken(kind: .fallback, offset: start)
        case UInt8(ascii: "\""): return HoursToken(kind: try comment(closer: [UInt8(ascii: "\"")]), offset: start)
        default:
            if let special = multibyte(at: index), special.isDash {
                index += special.length
                return HoursToken(kind: .dash, offset: start)
            }
            // “curly quotes” around a comment
            if b == 0xE2, byte(index + 1) == 0x80, byte(index + 2) == 0x9C {
                return HoursToken(kind: try comment(closer: [0xE2, 0x80, 0x9D]), offset: start)
            }
            throw .unexpected(at: start)
        }
    }

    /// A comment runs to the closing quote; mappers put anything inside.
    private mutating func comment(closer: [UInt8]) throws(HoursSyntaxError) -> HoursToken.Kind {
        let start = index
        index += closer.count
        let textStart = index
        while index < bytes.count {
            if bytes[index] == closer[0], index + closer.count <= bytes.count,
                closer.indices.allSatisfy({ bytes[index + $0] == closer[$0] })
            {
                let text = String(decoding: bytes[textStart..<index], as: UTF8.self)
                index += closer.count
                return .comment(text)
            }
            index += 1
        }
        throw .unterminatedComment(at: start)
    }

    /// Digits, or a clock time when a separator and two digits follow
    /// (`09:00`, `9:00`, `9h30`, `9.30`) or a bare `h` (`9h`).
    private mutating func number() throws(HoursSyntaxError) -> HoursToken.Kind {
        let start = index
        var value = 0
        while HoursTokenizer.isDigit(byte(index)), index - start < 9 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        let digits = index - start
        guard digits <= 2 else {
            if HoursTokenizer.isDigit(byte(index)) { throw .unexpected(at: start) }
            return .number(value, digits: digits)
        }
        let separator = byte(index)
        let isTimeSeparator =
            separator == UInt8(ascii: ":") || separator == UInt8(ascii: ".")
            || separator == UInt8(ascii: "h") || separator == UInt8(ascii: "H")
        if isTimeSeparator, HoursTokenizer.isDigit(byte(index + 1)), HoursTokenizer.isDigit(byte(index + 2)),
            !HoursTokenizer.isDigit(byte(index + 3))
        {
            let minutes = Int(bytes[index + 1] - 0x30) * 10 + Int(bytes[index + 2] - 0x30)
            guard minutes < 60, value <= 48, value * 60 + minutes <= 48 * 60 else { throw .badTime(at: start) }
            index += 3
            return .time(value * 60 + minutes)
        }
        if separator == UInt8(ascii: "h") || separator == UInt8(ascii: "H"), !HoursTokenizer.isLetter(byte(index + 1)) {
            guard value <= 48 else { throw .badTime(at: start) }
            index += 1
            return .time(value * 60)
        }
        return .number(value, digits: digits)
    }

    private mutating func word() throws(HoursSyntaxError) -> HoursToken.Kind {
        let start = index
        while HoursTokenizer.isLetter(byte(index)) { index += 1 }
        // A trailing period on an abbreviation ("Mon.", "Sept.") is punctuation, not syntax.
        let length = index - start
        if byte(index) == UInt8(ascii: "."), !HoursTokenizer.isDigit(byte(index + 1)) { index += 1 }
        guard length <= 9, let kind = HoursVocabulary.kind(of: bytes[start..<(start + length)]) else {
            throw .unknownWord(at: start, length: length)
        }
        return kind
    }
}
