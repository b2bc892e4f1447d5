import Foundation
import Testing

@testable import NearbyKit

/// `--at` and the server's `at=`: the forms accepted before, and strictness
/// about dates, times and offsets that do not exist.
struct InstantParserTests {
    static let monaco = TimeZone(identifier: "Europe/Monaco")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// Unix times checked with GNU date, e.g. `date -u -d 2021-04-19T18:00:00Z +%s.%N`.
    @Test(arguments: [
        ("2021-04-19T20:00:00+02:00", 1_618_855_200.0),
        ("2021-04-19T18:00:00Z", 1_618_855_200.0),
        ("2021-04-19t18:00:00z", 1_618_855_200.0),
        ("2021-04-19T18:00:00.250Z", 1_618_855_200.25),
        ("2021-04-19T20:00:00.5+02:00", 1_618_855_200.5),
        ("2021-04-19T20:00:00+0200", 1_618_855_200.0),
        ("2021-04-19T13:30:00-04:30", 1_618_855_200.0),
        ("2021-04-19T20:00:00+02", 1_618_855_200.0),
        ("2021-04-19T20:00:00+18:00", 1_618_797_600.0),
        // Local forms, read in the zone given (Monaco: CEST, +02:00).
        ("2021-04-19T20:00:00", 1_618_855_200.0),
        ("2021-04-19T20:00", 1_618_855_200.0),
        ("2021-04-19 20:00", 1_618_855_200.0),
        // Leap day of a leap year.
        ("2024-02-29T12:00:00Z", 1_709_208_000.0),
    ])
    func acceptsWhatItDidBefore(text: String, unixTime: Double) throws {
        let date = try InstantParser.parse(text, localZone: Self.monaco)
        #expect(date.timeIntervalSince1970 == unixTime)
    }

    @Test(arguments: [
        ("2021-02-30T10:00:00Z", "30 February 2021 does not exist (28 days)"),
        ("2021-02-29T10:00", "29 February 2021 does not exist (28 days)"),
        ("2100-02-29T10:00Z", "29 February 2100 does not exist (28 days)"),
        ("2021-04-31T10:00Z", "31 April 2021 does not exist (30 days)"),
        ("2021-13-01T10:00Z", "month 13 (1 to 12)"),
        ("2021-00-01T10:00Z", "month 0 (1 to 12)"),
        ("2021-04-00T10:00Z", "day 0 (from 1)"),
        ("2021-04-19T24:00:00Z", "hour 24 (0 to 23)"),
        ("2021-04-19T20:60Z", "minute 60 (0 to 59)"),
        ("2021-04-19T20:00:60Z", "second 60 (0 to 59)"),
        ("2021-04-19T20:00+02:60", "offset minute 60 (0 to 59)"),
        ("0000-01-01T00:00Z", "year 0000 (from 0001)"),
    ])
    func rejectsWhatDoesNotExist(text: String, reason: String) {
        #expect {
            try InstantParser.parse(text, localZone: Self.monaco)
        } throws: { error in
            guard case .outOfRange = error as? InstantError else { return false }
            let message = (error as? InstantError)?.errorDescription ?? ""
            return message == "\(text) is not a real time: \(reason)"
        }
    }

    @Test(arguments: ["2021-04-19T20:00:00+99:00", "2021-04-19T20:00:00-18:01", "2021-04-19T20:00:00+1900"])
    func rejectsOffsetsBeyondEighteenHours(text: String) {
        #expect(throws: InstantError.offsetTooLarge(text)) { try InstantParser.parse(text, localZone: Self.monaco) }
    }

    @Test(arguments: [
        "", "yesterday", "2021-04-19", "2021-4-19T20:00", "2021-04-19T20", "2021-04-19T20:00:00.Z",
        "2021-04-19T20:00:00.1234567890Z", "2021-04-19T20:00:00+2", "2021-04-19T20:00:00 +02:00",
        "２０２１-04-19T20:00", "2021-04-19T20:00:00Z trailing", "+2021-04-19T20:00Z",
    ])
    func rejectsWhatIsNotISO8601(text: String) {
        #expect(throws: InstantError.malformed(text)) { try InstantParser.parse(text, localZone: Self.monaco) }
    }

    @Test func aLocalTimeTheClocksSkipIsAnError() {
        // Monaco went from 02:00 CET to 03:00 CEST on 28 March 2021.
        #expect(throws: InstantError.skippedByZone("2021-03-28T02:30", zone: "Europe/Monaco")) {
            try InstantParser.parse("2021-03-28T02:30", localZone: Self.monaco)
        }
        #expect(throws: Never.self) { try InstantParser.parse("2021-03-28T03:00", localZone: Self.monaco) }
    }

    @Test func aLocalTimeShownTwiceIsTheFirst() throws {
        // New York repeated 01:00-02:00 on 7 November 2021: first EDT (-04:00), then EST.
        let date = try InstantParser.parse("2021-11-07T01:30", localZone: Self.newYork)
        #expect(date == (try InstantParser.parse("2021-11-07T01:30:00-04:00", localZone: TimeZone(identifier: "UTC")!)))
    }

    @Test func theUTCFormReadsBack() throws {
        for text in [
            "2021-04-19T20:00:00.250+02:00", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "9999-12-31T23:59:59Z",
            "0001-01-01T00:00:00Z",
        ] {
            let date = try InstantParser.parse(text, localZone: Self.monaco)
            let written = InstantParser.string(for: date)
            #expect(try InstantParser.parse(written, localZone: Self.newYork) == date, "\(text) → \(written)")
        }
        #expect(InstantParser.string(for: Date(timeIntervalSince1970: 1_618_855_200.25)) == "2021-04-19T18:00:00.250Z")
    }

    @Test func controlCharactersInTheTextAreSpelledOut() throws {
        let error = try #require(throws: InstantError.self) { try InstantParser.parse("2021\u{1B}[2J", localZone: Self.monaco) }
        #expect(error.errorDescription == "2021\\u{1b}[2J is not an ISO 8601 time (e.g. 2021-04-19T20:00:00+02:00)")
    }
}
