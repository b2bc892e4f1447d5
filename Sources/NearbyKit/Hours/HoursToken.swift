/// One lexical unit of an `opening_hours` value.
struct HoursToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Digits that are not part of a time: days of a month, years, week numbers.
        case number(Int, digits: Int)
        /// A clock time in minutes since midnight; may exceed 24:00 (`26:00`).
        case time(Int)
        /// 0 (Monday) ... 6 (Sunday).
        case weekday(Int)
        /// 1 (January) ... 12.
        case month(Int)
        case publicHoliday
        case schoolHoliday
        case keyword(HoursKeyword)
        /// The text between quotes.
        case comment(String)
        case dash, comma, semicolon, colon, plus, slash
        case openBracket, closeBracket, openParenthesis, closeParenthesis
        /// `||`
        case fallback
        case end
    }

    var kind: Kind
    /// Offset of the token's first byte in the UTF-8 value.
    var offset: Int
}

/// The words of the syntax that are neither days nor months.
enum HoursKeyword: Equatable, Sendable {
    case off, open, unknown, week, easter, day, sunrise, sunset, dawn, dusk
}
