import Foundation
import NearbyKit
import Testing

/// Google's Place Details `periods` and `weekday_text`, stated from values
/// that mean the same every week; written out by hand from each value.
struct WeeklyHoursTests {
    @Test func plainWeek() throws {
        let week = try #require(OpeningHours("Mo-Fr 08:30-19:00; Sa 09:00-12:00").weeklySchedule)
        #expect(
            week.weekdayText == [
                "Monday: 08:30–19:00", "Tuesday: 08:30–19:00", "Wednesday: 08:30–19:00", "Thursday: 08:30–19:00",
                "Friday: 08:30–19:00", "Saturday: 09:00–12:00", "Sunday: Closed",
            ])
        #expect(
            week.periods.map { "\($0.open.day) \($0.open.time)-\($0.close?.day ?? -1) \($0.close?.time ?? "")" } == [
                "1 0830-1 1900", "2 0830-2 1900", "3 0830-3 1900", "4 0830-4 1900", "5 0830-5 1900", "6 0900-6 1200",
            ])
    }

    @Test func nightsPastMidnightBelongToTheDayTheyStart() throws {
        let week = try #require(OpeningHours("Tu-Sa 18:00-02:00; Su off").weeklySchedule)
        #expect(week.weekdayText[5] == "Saturday: 18:00–02:00")
        #expect(week.weekdayText[6] == "Sunday: Closed")
        #expect(week.weekdayText[0] == "Monday: Closed")
        let saturday = try #require(week.periods.last)
        #expect(saturday.open.day == 6 && saturday.open.time == "1800")
        #expect(saturday.close?.day == 0 && saturday.close?.time == "0200")
    }

    @Test func alwaysOpenHasNoClose() throws {
        let week = try #require(OpeningHours("24/7").weeklySchedule)
        #expect(week.periods.count == 1)
        #expect(week.periods[0].open.day == 0 && week.periods[0].open.time == "0000" && week.periods[0].close == nil)
        #expect(week.weekdayText.allSatisfy { $0.hasSuffix(": Open 24 hours") })
    }

    @Test func splitDaysAndMidnightClose() throws {
        let week = try #require(OpeningHours("Mo-Su 12:00-14:30, 19:30-23:00").weeklySchedule)
        #expect(week.weekdayText[2] == "Wednesday: 12:00–14:30, 19:30–23:00")
        #expect(week.periods.count == 14)
        let late = try #require(OpeningHours("Mo-Su 11:00-00:00").weeklySchedule)
        #expect(late.weekdayText[0] == "Monday: 11:00–00:00")
        #expect(late.periods[0].close?.day == 2 && late.periods[0].close?.time == "0000")
    }

    @Test(arguments: [
        "Mo-Fr 08:00-19:00; PH off",
        "Mo-Fr 08:00-19:00; 2021 Apr 01-02 08:00-18:30",
        "Apr-Oct Mo-Su 10:00-18:00",
        "Su[1] 10:00-12:00",
        "Mo-Fr 08:00-12:00+",
        "sunrise-sunset",
        "Sa,Su \"On request\"",
        "Mo-Fr unknown",
        "not hours at all",
    ])
    func valuesThatAreNotAPlainWeekAreNotStated(_ value: String) {
        #expect(OpeningHours(value).weeklySchedule == nil)
    }
}
