import Foundation
import Testing

@testable import NearbyKit

/// One hand-checked evaluation: a value, the instant (local time in
/// Europe/Monaco with its offset), and the state and next change a person
/// reading the value and a calendar expects.
struct HoursCase: Sendable, CustomTestStringConvertible {
    let value: String
    let at: String
    let status: OpeningState.Status
    let next: String?

    init(_ value: String, at: String, _ status: OpeningState.Status, next: String?) {
        self.value = value
        self.at = at
        self.status = status
        self.next = next
    }

    var testDescription: String { "\(value) @ \(at)" }
}

// Week of reference: Monday 2026-03-16 ... Sunday 2026-03-22 (CET, +01:00).
// Days of the week and ISO weeks checked with Python's datetime. Every case
// was also run through an independent evaluator, opening-hours-py 2.1.4
// (Benchmarks/hours/peer/crosscheck_cases.py): 100 of 122 agree. Of the 22
// others, 11 use spellings the peer rejects (en/em dashes, `9h`, `Mo-Fr:`,
// `Mon`, `Dec 24,26`, a trailing `;`, a no-break space) and 11 are choices made here: comments, open ends and
// sun times give unknown (the peer: open, or fixed sun times), and a night
// past midnight belongs to the day it started on (the peer, like
// opening_hours.js, lets the next day's rule cut it).
let weeklyCases: [HoursCase] = [
    // Weekday ranges, several spans, end minute exclusive.
    HoursCase("Mo-Sa 10:00-19:00", at: "2026-03-16T09:00:00+01:00", .closed, next: "2026-03-16T10:00:00+01:00"),
    HoursCase("Mo-Sa 10:00-19:00", at: "2026-03-16T12:00:00+01:00", .open, next: "2026-03-16T19:00:00+01:00"),
    HoursCase("Mo-Sa 10:00-19:00", at: "2026-03-21T19:00:00+01:00", .closed, next: "2026-03-23T10:00:00+01:00"),
    HoursCase("Mo-Sa 10:00-19:00", at: "2026-03-22T12:00:00+01:00", .closed, next: "2026-03-23T10:00:00+01:00"),
    HoursCase("Mo-Fr 08:00-12:00, 14:00-18:00", at: "2026-03-16T13:00:00+01:00", .closed, next: "2026-03-16T14:00:00+01:00"),
    HoursCase("Mo-Fr 08:00-12:00, 14:00-18:00", at: "2026-03-20T17:59:00+01:00", .open, next: "2026-03-20T18:00:00+01:00"),
    HoursCase("Mo,Fr 08:00-12:00,14:00-18:00", at: "2026-03-17T10:00:00+01:00", .closed, next: "2026-03-20T08:00:00+01:00"),
    HoursCase("Mo-Fr 12:00-14:30", at: "2026-03-16T12:00:00+01:00", .open, next: "2026-03-16T14:30:00+01:00"),
    // Lists and wrapping ranges.
    HoursCase("Sa-Mo 10:00-12:00", at: "2026-03-22T11:00:00+01:00", .open, next: "2026-03-22T12:00:00+01:00"),
    HoursCase("Sa-Mo 10:00-12:00", at: "2026-03-17T11:00:00+01:00", .closed, next: "2026-03-21T10:00:00+01:00"),
    HoursCase("Sa,Su 12:00-13:45, Th-Mo 19:30-21:45; Tu,We off", at: "2026-03-16T20:00:00+01:00", .open, next: "2026-03-16T21:45:00+01:00"),
    HoursCase(
        "Sa,Su 12:00-13:45, Th-Mo 19:30-21:45; Tu,We off", at: "2026-03-17T20:00:00+01:00", .closed, next: "2026-03-19T19:30:00+01:00"),
    HoursCase(
        "Sa,Su 12:00-13:45, Th-Mo 19:30-21:45; Tu,We off", at: "2026-03-21T14:00:00+01:00", .closed, next: "2026-03-21T19:30:00+01:00"),
    // `;` replaces earlier rules for the days it names, even when the mapper meant to add.
    HoursCase("Mo-Tu, Fr 09:00-18:00; Mo-Fr 20:15-22:00", at: "2026-03-16T10:00:00+01:00", .closed, next: "2026-03-16T20:15:00+01:00"),
    HoursCase("09:00-12:30; 14:30-19:00; Su off", at: "2026-03-16T10:00:00+01:00", .closed, next: "2026-03-16T14:30:00+01:00"),
    HoursCase("Mo 10:00-12:00; Mo 14:00-16:00", at: "2026-03-16T11:00:00+01:00", .closed, next: "2026-03-16T14:00:00+01:00"),
    HoursCase("Mo-Fr 08:00-18:30; Th 08:00-21:30; Su off", at: "2026-03-19T20:00:00+01:00", .open, next: "2026-03-19T21:30:00+01:00"),
    HoursCase("08:00-18:30; Th 08:00-21:30; Su off", at: "2026-03-22T10:00:00+01:00", .closed, next: "2026-03-23T08:00:00+01:00"),
    HoursCase(
        "Mo off; Tu-Sa 06:00-13:00,16:00-19:00; Su 06:00-13:00", at: "2026-03-16T10:00:00+01:00", .closed, next: "2026-03-17T06:00:00+01:00"
    ),
    HoursCase("10:30-19:00; Su 12:00-19:00", at: "2026-03-22T11:00:00+01:00", .closed, next: "2026-03-22T12:00:00+01:00"),
    // `off` with times cuts the earlier hours instead of replacing them.
    HoursCase("Mo-Fr 10:00-20:00; We 12:00-14:00 off", at: "2026-03-18T13:00:00+01:00", .closed, next: "2026-03-18T14:00:00+01:00"),
    HoursCase("Mo-Fr 10:00-20:00; We 12:00-14:00 off", at: "2026-03-18T11:00:00+01:00", .open, next: "2026-03-18T12:00:00+01:00"),
    HoursCase("24/7; Su closed", at: "2026-03-21T23:00:00+01:00", .open, next: "2026-03-22T00:00:00+01:00"),
    // `,` adds.
    HoursCase("Mo-Sa 11:00-14:30, We,Th 19:00-22:00; Su off", at: "2026-03-18T20:00:00+01:00", .open, next: "2026-03-18T22:00:00+01:00"),
    HoursCase("Mo-Sa 11:00-14:30, We,Th 19:00-22:00; Su off", at: "2026-03-18T12:00:00+01:00", .open, next: "2026-03-18T14:30:00+01:00"),
    // 24/7 and whole days.
    HoursCase("24/7", at: "2026-03-16T03:00:00+01:00", .open, next: nil),
    HoursCase("Mo-Fr 00:00-24:00", at: "2026-03-20T23:00:00+01:00", .open, next: "2026-03-21T00:00:00+01:00"),
    HoursCase("Mo-Fr 00:00-24:00", at: "2026-03-16T00:00:00+01:00", .open, next: "2026-03-21T00:00:00+01:00"),
    HoursCase("Mo-Fr", at: "2026-03-21T09:00:00+01:00", .closed, next: "2026-03-23T00:00:00+01:00"),
    // Rules without days.
    HoursCase("10:00-18:00", at: "2026-03-22T17:00:00+01:00", .open, next: "2026-03-22T18:00:00+01:00"),
    HoursCase("12:00-14:00,19:30-23:00; Su,Mo off", at: "2026-03-16T13:00:00+01:00", .closed, next: "2026-03-17T12:00:00+01:00"),
    HoursCase("08:30-00:00", at: "2026-03-16T23:00:00+01:00", .open, next: "2026-03-17T00:00:00+01:00"),
    HoursCase("08:30-00:00", at: "2026-03-17T00:00:00+01:00", .closed, next: "2026-03-17T08:30:00+01:00"),
    HoursCase("07:00-10:30,12:00-24:00", at: "2026-03-16T11:00:00+01:00", .closed, next: "2026-03-16T12:00:00+01:00"),
    // Past midnight: the night belongs to the day it started on.
    HoursCase("Tu-Sa 18:00-02:00", at: "2026-03-21T23:00:00+01:00", .open, next: "2026-03-22T02:00:00+01:00"),
    HoursCase("Tu-Sa 18:00-02:00", at: "2026-03-22T01:59:00+01:00", .open, next: "2026-03-22T02:00:00+01:00"),
    HoursCase("Tu-Sa 18:00-02:00", at: "2026-03-22T02:00:00+01:00", .closed, next: "2026-03-24T18:00:00+01:00"),
    HoursCase("Tu-Sa 18:00-02:00", at: "2026-03-17T01:00:00+01:00", .closed, next: "2026-03-17T18:00:00+01:00"),
    HoursCase("16:00-04:45", at: "2026-03-16T03:00:00+01:00", .open, next: "2026-03-16T04:45:00+01:00"),
    HoursCase("16:00-04:45", at: "2026-03-16T05:00:00+01:00", .closed, next: "2026-03-16T16:00:00+01:00"),
    HoursCase("We-Su 23:30-05:30", at: "2026-03-16T05:00:00+01:00", .open, next: "2026-03-16T05:30:00+01:00"),
    HoursCase("We-Su 23:30-05:30", at: "2026-03-16T23:40:00+01:00", .closed, next: "2026-03-18T23:30:00+01:00"),
    HoursCase("Mo-Sa 07:00-00:30, Su 07:00-24:00", at: "2026-03-22T00:15:00+01:00", .open, next: "2026-03-22T00:30:00+01:00"),
    HoursCase("Mo-Sa 07:00-00:30, Su 07:00-24:00", at: "2026-03-22T23:00:00+01:00", .open, next: "2026-03-23T00:00:00+01:00"),
    HoursCase("Mo-Sa 07:00-00:30, Su 07:00-24:00", at: "2026-03-16T23:59:00+01:00", .open, next: "2026-03-17T00:30:00+01:00"),
    HoursCase("Mo-Sa 08:00-03:00, Su 11:00-03:00", at: "2026-03-22T02:00:00+01:00", .open, next: "2026-03-22T03:00:00+01:00"),
    HoursCase("Mo-Su 19:00-05:30", at: "2026-03-18T12:00:00+01:00", .closed, next: "2026-03-18T19:00:00+01:00"),
    // A later whole-day `off` closes that day's own hours but not the night before it.
    HoursCase("19:00-02:00; Mo off", at: "2026-03-16T01:00:00+01:00", .open, next: "2026-03-16T02:00:00+01:00"),
    HoursCase("19:00-02:00; Mo off", at: "2026-03-16T20:00:00+01:00", .closed, next: "2026-03-17T19:00:00+01:00"),
    HoursCase("19:00-02:00; Mo off", at: "2026-03-17T01:00:00+01:00", .closed, next: "2026-03-17T19:00:00+01:00"),
    HoursCase("Tu-Sa 18:00-02:00; We off", at: "2026-03-19T01:00:00+01:00", .closed, next: "2026-03-19T18:00:00+01:00"),
    // Times past 24:00.
    HoursCase("Fr 18:00-26:00", at: "2026-03-21T01:30:00+01:00", .open, next: "2026-03-21T02:00:00+01:00"),
    // Dashes, spellings, whitespace, case.
    HoursCase("Mo-Sa 09:30–19:30", at: "2026-03-16T19:00:00+01:00", .open, next: "2026-03-16T19:30:00+01:00"),
    HoursCase("Mo-Sa 09:00–12:30,14:00–19:00", at: "2026-03-16T13:00:00+01:00", .closed, next: "2026-03-16T14:00:00+01:00"),
    HoursCase("Mo—Fr 09:00—18:00", at: "2026-03-16T09:00:00+01:00", .open, next: "2026-03-16T18:00:00+01:00"),
    HoursCase("Mo-Su 8:30-17:30", at: "2026-03-16T08:00:00+01:00", .closed, next: "2026-03-16T08:30:00+01:00"),
    HoursCase("mo-fr 9h-18h", at: "2026-03-16T09:00:00+01:00", .open, next: "2026-03-16T18:00:00+01:00"),
    HoursCase("Mo-Fr 9h30-12h", at: "2026-03-16T09:00:00+01:00", .closed, next: "2026-03-16T09:30:00+01:00"),
    HoursCase("  MO-FR  09:00 - 18:00 ;  sa 10:00-12:00 ", at: "2026-03-21T11:00:00+01:00", .open, next: "2026-03-21T12:00:00+01:00"),
    HoursCase("Mo-Fr: 09:00-18:00", at: "2026-03-20T18:30:00+01:00", .closed, next: "2026-03-23T09:00:00+01:00"),
    HoursCase("Mo-Fr 10:00-18:00;", at: "2026-03-16T12:00:00+01:00", .open, next: "2026-03-16T18:00:00+01:00"),
    HoursCase("Mo-Fr\u{00A0}10:00-18:00", at: "2026-03-16T12:00:00+01:00", .open, next: "2026-03-16T18:00:00+01:00"),
    HoursCase("Mon-Fri 09:00-18:00; Sat 10:00-13:00", at: "2026-03-21T12:00:00+01:00", .open, next: "2026-03-21T13:00:00+01:00"),
    // Fallback.
    HoursCase("Mo-Fr 08:00-12:00 || \"by appointment\"", at: "2026-03-21T10:00:00+01:00", .unknown, next: "2026-03-23T00:00:00+01:00"),
    HoursCase("Mo-Fr 08:00-12:00 || \"by appointment\"", at: "2026-03-16T10:00:00+01:00", .open, next: "2026-03-16T12:00:00+01:00"),
    // Comments and unknown.
    HoursCase("08:00-18:00; Sa,Su \"On request\"", at: "2026-03-21T10:00:00+01:00", .unknown, next: "2026-03-23T00:00:00+01:00"),
    HoursCase("08:00-18:00; Sa,Su \"On request\"", at: "2026-03-20T19:00:00+01:00", .closed, next: "2026-03-21T00:00:00+01:00"),
    HoursCase("\"On request\"", at: "2026-03-16T10:00:00+01:00", .unknown, next: nil),
    HoursCase("Mo-Fr 08:00-12:00 unknown", at: "2026-03-16T10:00:00+01:00", .unknown, next: "2026-03-16T12:00:00+01:00"),
    // Open ends.
    HoursCase("Mo-Fr 17:00+", at: "2026-03-16T18:00:00+01:00", .unknown, next: "2026-03-17T00:00:00+01:00"),
    HoursCase("Mo-Fr 17:00+", at: "2026-03-16T16:00:00+01:00", .closed, next: "2026-03-16T17:00:00+01:00"),
    HoursCase("Fr 22:00+", at: "2026-03-21T01:00:00+01:00", .unknown, next: "2026-03-21T04:00:00+01:00"),
    HoursCase("Mo-Fr 10:00-17:00+", at: "2026-03-16T12:00:00+01:00", .open, next: "2026-03-16T17:00:00+01:00"),
    // Sun times are not computed: what they bound is unknown.
    HoursCase("Mo-Fr sunrise-sunset", at: "2026-03-16T12:00:00+01:00", .unknown, next: "2026-03-21T00:00:00+01:00"),
    HoursCase("sunrise-18:00", at: "2026-03-16T19:00:00+01:00", .closed, next: "2026-03-17T00:00:00+01:00"),
    HoursCase("10:00-(sunset-01:00)", at: "2026-03-16T09:00:00+01:00", .closed, next: "2026-03-16T10:00:00+01:00"),
    // Holidays: no calendar, so every day is an ordinary day.
    HoursCase("Mo-Fr 10:00-12:00; PH off", at: "2026-03-16T11:00:00+01:00", .open, next: "2026-03-16T12:00:00+01:00"),
    HoursCase("PH 10:00-12:00", at: "2026-03-16T11:00:00+01:00", .closed, next: nil),
    HoursCase("Su,PH off; Mo-Sa 09:00-12:00", at: "2026-03-22T11:00:00+01:00", .closed, next: "2026-03-23T09:00:00+01:00"),
    HoursCase("Sa,PH 09:00-12:00", at: "2026-03-21T11:00:00+01:00", .open, next: "2026-03-21T12:00:00+01:00"),
    HoursCase("Mo-Fr 09:00-17:00; SH 10:00-12:00", at: "2026-03-16T16:00:00+01:00", .open, next: "2026-03-16T17:00:00+01:00"),
    // Nth weekday of the month, weeks.
    HoursCase("Su[1] 10:00-12:00", at: "2026-03-01T11:00:00+01:00", .open, next: "2026-03-01T12:00:00+01:00"),
    HoursCase("Su[1] 10:00-12:00", at: "2026-03-08T11:00:00+01:00", .closed, next: "2026-04-05T10:00:00+02:00"),
    HoursCase("Th[-1] 09:00-17:00", at: "2026-03-26T10:00:00+01:00", .open, next: "2026-03-26T17:00:00+01:00"),
    HoursCase("Th[-1] 09:00-17:00", at: "2026-03-19T10:00:00+01:00", .closed, next: "2026-03-26T09:00:00+01:00"),
    HoursCase("week 01-10 Mo 10:00-12:00", at: "2026-03-02T11:00:00+01:00", .open, next: "2026-03-02T12:00:00+01:00"),
    HoursCase("week 01-10 Mo 10:00-12:00", at: "2026-03-09T11:00:00+01:00", .closed, next: "2027-01-04T10:00:00+01:00"),
]

let datedCases: [HoursCase] = [
    // Years and specific dates (1 April 2021 was a Thursday; CEST from 28 March 2021).
    HoursCase(
        "Mo-Fr 08:00-19:00; Sa 08:00-13:00; PH off; 2021 Apr 01-02 08:00-18:30", at: "2021-04-01T18:45:00+02:00", .closed,
        next: "2021-04-02T08:00:00+02:00"),
    HoursCase(
        "Mo-Fr 08:00-19:00; Sa 08:00-13:00; PH off; 2021 Apr 01-02 08:00-18:30", at: "2021-04-02T18:15:00+02:00", .open,
        next: "2021-04-02T18:30:00+02:00"),
    HoursCase(
        "Mo-Fr 08:00-19:00; Sa 08:00-13:00; PH off; 2021 Apr 01-02 08:00-18:30", at: "2026-03-21T12:00:00+01:00", .open,
        next: "2026-03-21T13:00:00+01:00"),
    HoursCase("2020-2022 Mo-Fr 10:00-12:00", at: "2026-03-16T11:00:00+01:00", .closed, next: nil),
    HoursCase("2026 Mar 16+ 10:00-12:00", at: "2026-03-15T11:00:00+01:00", .closed, next: "2026-03-16T10:00:00+01:00"),
    // Month-day ranges, with the colon and without, wrapping the year.
    HoursCase("Apr 07-Oct 30: 09:00-02:00", at: "2026-04-06T12:00:00+02:00", .closed, next: "2026-04-07T09:00:00+02:00"),
    HoursCase("Apr 07-Oct 30: 09:00-02:00", at: "2026-10-31T01:00:00+01:00", .open, next: "2026-10-31T02:00:00+01:00"),
    HoursCase("Apr 07-Oct 30: 09:00-02:00", at: "2026-10-31T03:00:00+01:00", .closed, next: "2027-04-07T09:00:00+02:00"),
    HoursCase(
        "10:00-18:00; Jul,Aug 10:00-19:00; Oct 17-Mar 25 off", at: "2026-03-16T12:00:00+01:00", .closed, next: "2026-03-26T10:00:00+01:00"),
    HoursCase(
        "10:00-18:00; Jul,Aug 10:00-19:00; Oct 17-Mar 25 off", at: "2026-07-15T18:30:00+02:00", .open, next: "2026-07-15T19:00:00+02:00"),
    HoursCase(
        "10:00-18:00; Jul,Aug 10:00-19:00; Oct 17-Mar 25 off", at: "2026-06-15T18:30:00+02:00", .closed, next: "2026-06-16T10:00:00+02:00"),
    HoursCase(
        "Oct-Mar 10:00-18:00; Apr-Jun,Sep 10:00-19:00; Jul 10:00-20:00; Dec 25 off", at: "2026-12-25T12:00:00+01:00", .closed,
        next: "2026-12-26T10:00:00+01:00"),
    HoursCase(
        "Oct-Mar 10:00-18:00; Apr-Jun,Sep 10:00-19:00; Jul 10:00-20:00; Dec 25 off", at: "2026-03-31T18:30:00+02:00", .closed,
        next: "2026-04-01T10:00:00+02:00"),
    HoursCase(
        "Nov-Jan: 09:00-17:00; Feb-Apr,Oct: 09:00-18:00; May-Sep: 09:00-19:00; Nov 19,Dec 25 off", at: "2026-11-19T10:00:00+01:00", .closed,
        next: "2026-11-20T09:00:00+01:00"),
    HoursCase(
        "Nov-Jan: 09:00-17:00; Feb-Apr,Oct: 09:00-18:00; May-Sep: 09:00-19:00; Nov 19,Dec 25 off", at: "2026-01-10T17:30:00+01:00", .closed,
        next: "2026-01-11T09:00:00+01:00"),
    HoursCase("Aug-Feb: 15:00-24:00; Mo off", at: "2026-01-05T16:00:00+01:00", .closed, next: "2026-01-06T15:00:00+01:00"),
    HoursCase("Aug-Feb: 15:00-24:00; Mo off", at: "2026-01-06T23:00:00+01:00", .open, next: "2026-01-07T00:00:00+01:00"),
    HoursCase("Aug-Feb: 15:00-24:00; Mo off", at: "2026-03-16T16:00:00+01:00", .closed, next: "2026-08-01T15:00:00+02:00"),
    HoursCase(
        "Jun 15-Jul 31: 20:45-24:00; Aug: 20:30-23:30; Sep 01-15: 20:00-23:00", at: "2026-08-01T21:00:00+02:00", .open,
        next: "2026-08-01T23:30:00+02:00"),
    HoursCase(
        "Jun 15-Jul 31: 20:45-24:00; Aug: 20:30-23:30; Sep 01-15: 20:00-23:00", at: "2026-09-15T23:30:00+02:00", .closed,
        next: "2027-06-15T20:45:00+02:00"),
    HoursCase("Dec-Mar", at: "2026-03-16T12:00:00+01:00", .open, next: "2026-04-01T00:00:00+02:00"),
    HoursCase("Dec-Mar", at: "2026-07-01T12:00:00+02:00", .closed, next: "2026-12-01T00:00:00+01:00"),
    HoursCase(
        "Mo-Sa 10:00-19:00; Dec,May-Aug: Su 10:00-19:00; Jul,Aug: Mo-Sa 10:00-20:00", at: "2026-07-19T12:00:00+02:00", .open,
        next: "2026-07-19T19:00:00+02:00"),
    HoursCase(
        "Mo-Sa 10:00-19:00; Dec,May-Aug: Su 10:00-19:00; Jul,Aug: Mo-Sa 10:00-20:00", at: "2026-07-18T19:30:00+02:00", .open,
        next: "2026-07-18T20:00:00+02:00"),
    HoursCase(
        "Mo-Sa 10:00-19:00; Dec,May-Aug: Su 10:00-19:00; Jul,Aug: Mo-Sa 10:00-20:00", at: "2026-03-22T12:00:00+01:00", .closed,
        next: "2026-03-23T10:00:00+01:00"),
    HoursCase("Dec 24 10:00-14:00", at: "2026-12-24T11:00:00+01:00", .open, next: "2026-12-24T14:00:00+01:00"),
    HoursCase("10:00-18:00; Dec 24-Jan 02 off", at: "2027-01-01T12:00:00+01:00", .closed, next: "2027-01-03T10:00:00+01:00"),
    HoursCase("Dec 24,26 10:00-12:00", at: "2026-12-25T11:00:00+01:00", .closed, next: "2026-12-26T10:00:00+01:00"),
    // Easter Sunday 2026 is 5 April.
    HoursCase("Mo-Su 10:00-18:00; easter off", at: "2026-04-05T12:00:00+02:00", .closed, next: "2026-04-06T10:00:00+02:00"),
    HoursCase(
        "Mo-Su 10:00-18:00; easter -2 days-easter +1 day off", at: "2026-04-03T12:00:00+02:00", .closed, next: "2026-04-07T10:00:00+02:00"),
    // DST: 29 March 2026 the clock goes 02:00 CET → 03:00 CEST; 25 October 03:00 CEST → 02:00 CET.
    HoursCase("Mo-Su 01:00-04:00", at: "2026-03-29T01:30:00+01:00", .open, next: "2026-03-29T04:00:00+02:00"),
    HoursCase("Sa 22:00-02:30", at: "2026-03-29T01:30:00+01:00", .open, next: "2026-03-29T03:00:00+02:00"),
    HoursCase("Sa 20:00-03:00", at: "2026-10-25T01:00:00+02:00", .open, next: "2026-10-25T03:00:00+01:00"),
    HoursCase("Su 10:00-12:00", at: "2026-03-28T12:00:00+01:00", .closed, next: "2026-03-29T10:00:00+02:00"),
    HoursCase("Su 10:00-12:00", at: "2026-10-25T02:30:00+01:00", .closed, next: "2026-10-25T10:00:00+01:00"),
]

@Suite("Hand-checked opening_hours evaluations")
struct OpeningHoursCaseTests {
    @Test(arguments: weeklyCases + datedCases)
    func evaluates(_ check: HoursCase) {
        let hours = OpeningHours(check.value)
        #expect(hours.isReadable, "\(hours.failureReason ?? "")")
        let state = hours.state(at: instant(check.at), in: monaco)
        #expect(state.status == check.status)
        #expect(state.nextChange == check.next.map(instant))
    }

    @Test func hasAtLeastSixtyCases() {
        #expect(weeklyCases.count + datedCases.count >= 60)
    }
}
