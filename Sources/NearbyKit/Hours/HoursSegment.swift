/// A stretch of one day's plan: from `start` to `end` minutes after that
/// day's midnight (past 1440 when it runs into the next day).
struct HoursSegment: Sendable {
    /// Why a segment's status is unknown.
    enum Cause: Sendable {
        /// A rule said `unknown` or gave only a comment.
        case stated
        /// `17:00+`: the closing time is not given.
        case openEnd
        /// `sunrise`, `sunset`, `dawn`, `dusk`.
        case sunTimes
    }

    var start: Int
    var end: Int
    var status: OpeningState.Status
    var cause: Cause?
    /// Index of the rule that made the segment, for its comment.
    var rule: Int
    /// A whole-day `off` without times: it closes the day's own hours but
    /// not the night that spills over from the day before
    /// (`Tu-Sa 18:00-02:00; Su off` is open early Sunday morning).
    var yieldsToPreviousDay = false

    func covers(_ minute: Int) -> Bool { start <= minute && minute < end }
}
