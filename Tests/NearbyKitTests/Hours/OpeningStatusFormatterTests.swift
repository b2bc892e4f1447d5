import Foundation
import Testing

@testable import NearbyKit

@Suite("Status text")
struct OpeningStatusFormatterTests {
    let formatter = OpeningStatusFormatter(timeZone: monaco)

    func text(_ value: String, at: String) -> String {
        formatter.string(for: OpeningHours(value), at: instant(at))
    }

    @Test func closingLaterToday() {
        #expect(text("Mo-Sa 10:00-19:30", at: "2026-03-16T12:00:00+01:00") == "Open · closes 19:30")
    }

    @Test func openingOnAnotherWeekday() {
        // Saturday evening; Monday 08:30 is two days on.
        #expect(text("Mo-Fr 08:30-18:00", at: "2026-03-21T20:00:00+01:00") == "Closed · opens Mon 08:30")
    }

    @Test func openingLaterToday() {
        #expect(text("Mo-Fr 08:30-18:00", at: "2026-03-16T07:00:00+01:00") == "Closed · opens 08:30")
    }

    @Test func closingAfterMidnightNamesTheDay() {
        #expect(text("Tu-Sa 18:00-02:00", at: "2026-03-21T23:00:00+01:00") == "Open · closes Sun 02:00")
    }

    @Test func closingAtMidnightIsTheEndOfToday() {
        #expect(text("Mo-Su 14:30-00:00", at: "2026-03-16T20:00:00+01:00") == "Open · closes 00:00")
        #expect(text("Mo-Fr 00:00-24:00", at: "2026-03-18T12:00:00+01:00") == "Open · closes Fri 24:00")
    }

    @Test func openingMoreThanAWeekAwayShowsTheDate() {
        #expect(text("Apr 07-Oct 30: 09:00-02:00", at: "2026-03-16T12:00:00+01:00") == "Closed · opens 7 Apr 09:00")
    }

    @Test func unknownCarriesTheComment() {
        #expect(text("08:00-18:00; Sa,Su \"On request\"", at: "2026-03-21T10:00:00+01:00") == "Hours unknown · On request")
        #expect(text("Lundi-Vendredi 9h-18h", at: "2026-03-16T10:00:00+01:00") == "Hours unknown")
    }

    @Test func noClosingTimeToAnnounce() {
        #expect(text("24/7", at: "2026-03-16T10:00:00+01:00") == "Open")
        // Open until 17:00, then unknown: it does not "close" at 17:00.
        #expect(text("Mo-Fr 10:00-17:00+", at: "2026-03-16T12:00:00+01:00") == "Open")
        // Closed until the weekend becomes "On request": it does not "open" then.
        #expect(text("08:00-18:00; Sa,Su \"On request\"", at: "2026-03-20T19:00:00+01:00") == "Closed")
        #expect(text("2020-2022 10:00-12:00", at: "2026-03-16T11:00:00+01:00") == "Closed")
    }

    @Test func isOpenFollowsTheStatus() {
        let at = instant("2026-03-16T12:00:00+01:00")
        #expect(OpeningHours("Mo-Fr 10:00-18:00").state(at: at, in: monaco).isOpen == true)
        #expect(OpeningHours("Sa 10:00-18:00").state(at: at, in: monaco).isOpen == false)
        #expect(OpeningHours("\"On request\"").state(at: at, in: monaco).isOpen == nil)
    }
}
