import Foundation

/// An OpenStreetMap `opening_hours` value, parsed once and evaluated at any
/// instant in the place's time zone.
///
/// Reading never fails: a value that cannot be read evaluates to `.unknown`
/// with `failureReason` as the reason.
///
/// How values are evaluated, where the specification leaves room:
/// - `;` replaces what earlier rules said about the days it names, `,` adds,
///   `||` applies to days no earlier rule named; `off` with times
///   (`We 12:00-14:00 off`) only cuts those times.
/// - A span past midnight (`Tu-Sa 18:00-02:00`) belongs to the day it starts
///   on: a later rule for the next day (`Su off`) does not cut it short.
/// - There is no holiday calendar: every day counts as an ordinary day, so a
///   rule naming only `PH` or `SH` never applies, and the state's reason
///   says so.
/// - What cannot be known is `.unknown` with a reason: spans bounded by
///   `sunrise`/`sunset`/`dawn`/`dusk` (not computed), open ends (`17:00+`,
///   unknown for six hours and at least until midnight), rules that give
///   only a comment (`Sa,Su "On request"`) or say `unknown`.
public struct OpeningHours: Sendable, Hashable {
    /// The value as written.
    public let raw: String
    /// Why the value could not be read; nil when it was.
    public let failureReason: String?
    let rules: [HoursRule]
    private let caveat: String?
    private let horizon: Int

    public init(_ raw: String) {
        self.raw = raw
        switch HoursParser.rules(of: raw) {
        case .success(let rules):
            self.rules = rules
            failureReason = nil
        case .failure(let error):
            rules = []
            failureReason = error.sentence(in: raw)
        }
        let publicHolidays = rules.contains { $0.namesPublicHolidays }
        let schoolHolidays = rules.contains { $0.namesSchoolHolidays }
        caveat =
            switch (publicHolidays, schoolHolidays) {
            case (true, true): "public and school holidays are not known; evaluated as an ordinary day"
            case (true, false): "public holidays are not known; evaluated as an ordinary day"
            case (false, true): "school holidays are not known; evaluated as an ordinary day"
            case (false, false): nil
            }
        // Dated rules can keep a place closed for a season; weekly ones change within a week.
        horizon = rules.contains { $0.hasDateSelectors } ? 400 : 8
    }

    /// Whether the value could be read.
    public var isReadable: Bool { failureReason == nil }

    // Parsing is deterministic, so the written value identifies the rules.
    public static func == (lhs: OpeningHours, rhs: OpeningHours) -> Bool { lhs.raw == rhs.raw }
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }

    public func state(at instant: Date, in timeZone: TimeZone) -> OpeningState {
        if let failureReason {
            return OpeningState(status: .unknown, reason: failureReason)
        }
        let evaluator = HoursEvaluator(rules: rules, clock: LocalClock(timeZone: timeZone), horizon: horizon)
        let answer = evaluator.state(at: instant)
        let comment = answer.segment.flatMap { rules[$0.rule].comment }
        let reason: String? =
            switch answer.segment?.cause {
            case .stated?: comment == nil ? "the opening hours say the state is unknown" : "the opening hours give only a comment"
            case .openEnd?: "open end: the closing time is not given"
            case .sunTimes?: "sunrise and sunset times are not computed"
            case nil: caveat
            }
        return OpeningState(
            status: answer.status, nextChange: answer.nextChange, nextStatus: answer.nextStatus, comment: comment,
            reason: reason)
    }
}
