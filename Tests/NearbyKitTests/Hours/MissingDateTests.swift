import Foundation
import Testing

@testable import NearbyKit

/// Dates a year does not have. opening_hours.js (src/index.js,
/// checkIfDateIsValid and the monthday selector) rejects `Apr 31` and
/// `Feb 30` as errors and lets `Feb 29` select nothing in a year without
/// one; so do we. Where a range merely ends on a missing `Feb 29`
/// (`Feb 01-29`), opening_hours.js drops the whole range in such a year;
/// here it keeps the days that exist, which selects no day that was not
/// written.
@Suite("Dates that do not exist")
struct MissingDateTests {
    @Test(arguments: missingDateCases)
    func evaluates(_ check: HoursCase) {
        let hours = OpeningHours(check.value)
        #expect(hours.isReadable, "\(hours.failureReason ?? "")")
        let state = hours.state(at: instant(check.at), in: monaco)
        #expect(state.status == check.status)
        #expect(state.nextChange == check.next.map(instant))
    }

    @Test(arguments: [
        ("Apr 31 10:00-12:00", "there is no 31 April (April has 30 days)"),
        ("Feb 30 10:00-12:00", "there is no 30 February (February has 29 days)"),
        ("Jun 01-31 10:00-12:00", "there is no 31 June (June has 30 days)"),
        ("Nov 30,31 10:00-12:00", "there is no 31 November (November has 30 days)"),
        ("Sep 31-Oct 05 off", "there is no 31 September (September has 30 days)"),
    ])
    func aDayNoYearHasIsAnError(value: String, reason: String) {
        let hours = OpeningHours(value)
        #expect(hours.failureReason == reason)
        #expect(hours.state(at: instant("2021-04-30T11:00:00+02:00"), in: monaco).status == .unknown)
    }
}

// 2021 is not a leap year, 2024 is (and 29 February 2024 was a Thursday).
let missingDateCases: [HoursCase] = [
    // Before the fix, `Feb 29` in 2021 fell on 28 February.
    HoursCase("Feb 29 10:00-12:00", at: "2021-02-28T11:00:00+01:00", .closed, next: nil),
    HoursCase("Feb 29 10:00-12:00", at: "2021-03-01T11:00:00+01:00", .closed, next: nil),
    HoursCase("Feb 29 10:00-12:00", at: "2021-07-01T11:00:00+02:00", .closed, next: nil),
    HoursCase("Feb 29 10:00-12:00", at: "2024-02-28T11:00:00+01:00", .closed, next: "2024-02-29T10:00:00+01:00"),
    HoursCase("Feb 29 10:00-12:00", at: "2024-02-29T11:00:00+01:00", .open, next: "2024-02-29T12:00:00+01:00"),
    HoursCase("2021 Feb 29 10:00-12:00", at: "2021-02-28T11:00:00+01:00", .closed, next: nil),
    HoursCase("Mo-Su 09:00-18:00; Feb 29 off", at: "2021-02-28T12:00:00+01:00", .open, next: "2021-02-28T18:00:00+01:00"),
    HoursCase("Mo-Su 09:00-18:00; Feb 29 off", at: "2024-02-29T12:00:00+01:00", .closed, next: "2024-03-01T09:00:00+01:00"),
    // A range from a missing 29 February starts on 1 March ...
    HoursCase("Feb 29-Mar 02 10:00-12:00", at: "2021-02-28T11:00:00+01:00", .closed, next: "2021-03-01T10:00:00+01:00"),
    HoursCase("Feb 29-Mar 02 10:00-12:00", at: "2021-03-01T11:00:00+01:00", .open, next: "2021-03-01T12:00:00+01:00"),
    // ... and one to it ends on 28 February, also across the new year.
    HoursCase("Feb 01-29 10:00-12:00", at: "2021-02-28T11:00:00+01:00", .open, next: "2021-02-28T12:00:00+01:00"),
    HoursCase("Feb 01-29 10:00-12:00", at: "2021-02-28T13:00:00+01:00", .closed, next: "2022-02-01T10:00:00+01:00"),
    HoursCase("Dec 01-Feb 29 10:00-12:00", at: "2021-02-28T13:00:00+01:00", .closed, next: "2021-12-01T10:00:00+01:00"),
    HoursCase("Dec 01-Feb 29 10:00-12:00", at: "2021-03-01T11:00:00+01:00", .closed, next: "2021-12-01T10:00:00+01:00"),
]
