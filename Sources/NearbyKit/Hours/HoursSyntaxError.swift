/// Why a value could not be read, with where it went wrong.
enum HoursSyntaxError: Error, Equatable, Sendable {
    case empty
    /// A character or token that fits nowhere, at a UTF-8 byte offset.
    case unexpected(at: Int)
    case unknownWord(at: Int, length: Int)
    case badTime(at: Int)
    case unterminatedComment(at: Int)
    /// `Apr 31`, `Feb 30`: a day no year has in that month (1 = January).
    case noSuchDay(day: Int, month: Int, at: Int)
    /// Valid syntax this evaluator does not model; the text says which.
    case unsupported(String, at: Int)

    /// A sentence for `OpeningState.reason`, quoting the value from the failure on.
    func sentence(in raw: String) -> String {
        let bytes = Array(raw.utf8)
        func rest(from offset: Int) -> String {
            let start = min(max(offset, 0), bytes.count)
            let tail = String(decoding: bytes[start...], as: UTF8.self)
            return tail.count > 24 ? String(tail.prefix(24)) + "…" : tail
        }
        switch self {
        case .empty:
            return "the opening hours are empty"
        case .unexpected(let at):
            return at >= bytes.count
                ? "the opening hours end too early"
                : "cannot read the opening hours from “\(rest(from: at))”"
        case .unknownWord(let at, let length):
            let end = min(at + max(length, 1), bytes.count)
            let word = String(decoding: bytes[min(at, end)..<end], as: UTF8.self)
            return "unknown word “\(word)” in the opening hours"
        case .badTime(let at):
            return "not a valid time at “\(rest(from: at))”"
        case .unterminatedComment:
            return "a quoted comment in the opening hours is not closed"
        case .noSuchDay(let day, let month, _):
            let name = InstantFields.monthNames[month - 1]
            return "there is no \(day) \(name) (\(name) has \(HoursRule.DatePoint.longestMonth(month)) days)"
        case .unsupported(let what, _):
            return "\(what) are not supported"
        }
    }
}
