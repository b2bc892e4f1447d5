import Foundation
import Testing

@testable import NearbyKit

/// The integer calendar against Foundation's Gregorian and ISO 8601 calendars.
@Suite("LocalDay")
struct LocalDayTests {
    @Test func matchesFoundationOverFourHundredYears() {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(identifier: "UTC")!
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = gregorian.timeZone
        // Every 97th day from 1900 to 2300 (a step coprime with 7 visits every weekday).
        for number in stride(from: -25_567, through: 120_000, by: 97) {
            let date = Date(timeIntervalSince1970: Double(number) * 86_400)
            let parts = gregorian.dateComponents([.year, .month, .day, .weekday], from: date)
            let day = LocalDay(number: number)
            #expect(day.year == parts.year && day.month == parts.month && day.day == parts.day)
            // Foundation counts Sunday as 1; LocalDay counts Monday as 0.
            #expect(day.weekday == (parts.weekday! + 5) % 7)
            #expect(day.isoWeek == iso.component(.weekOfYear, from: date))
            #expect(LocalDay.number(year: day.year, month: day.month, day: day.day) == number)
        }
    }

    @Test func easterSundays() {
        // Dates from published Easter tables.
        #expect(LocalDay.easter(in: 2024) == (3, 31))
        #expect(LocalDay.easter(in: 2025) == (4, 20))
        #expect(LocalDay.easter(in: 2026) == (4, 5))
        #expect(LocalDay.easter(in: 2038) == (4, 25))
    }
}
