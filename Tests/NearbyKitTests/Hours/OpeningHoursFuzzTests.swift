import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

@Suite("opening_hours never crashes")
struct OpeningHoursFuzzTests {
    /// Pieces of the grammar, its misspellings and things that break it.
    static let pieces = [
        "Mo", "Tu", "We", "Th", "Fr", "Sa", "Su", "mo", "SU", "Monday", "PH", "SH", "Jan", "Mar", "Dec", "sept",
        "Apr 07", "Dec 25", "2021", "2020-2030/2", "2021+", "week", "01", "53", "7", "0", "99", "123456789012",
        "10:00", "9:00", "24:00", "26:00", "48:00", "49:00", "00:00", "12:60", "9h", "9h30", "09.30", "sunrise",
        "sunset", "dawn", "dusk", "(sunset-01:00)", "(sunrise+", "24/7", "off", "closed", "open", "unknown",
        "easter", "+1 day", "-2 days", "[1]", "[-1]", "[1-2,4]", "[", "]", "[9]", "-", "–", "—", "−", "~", "+",
        ",", ", ", ";", "; ", "||", "|", ":", "/", "/01:30", "(", ")", "\"", "\"On request\"", "“quoted”", " ",
        "  ", "\t", "\n", "\u{00A0}", "é", "ß", "日", "🙂", "\u{0}", "%", "&", "Lundi", "h", ".",
    ]

    static func randomValue(using rng: inout SeededGenerator) -> String {
        var value = ""
        for _ in 0..<Int.random(in: 0...14, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                // Any scalar, including controls and unpaired-looking ones that are still valid scalars.
                let scalar = Unicode.Scalar(UInt32.random(in: 0...0x2FFFF, using: &rng)) ?? "?"
                value.unicodeScalars.append(scalar)
            case 1:
                value += String(Int.random(in: 0...3000, using: &rng))
            default:
                value += pieces.randomElement(using: &rng)!
            }
            if Bool.random(using: &rng) { value += " " }
        }
        return value
    }

    static let zones = ["Europe/Monaco", "UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham"]
        .compactMap(TimeZone.init(identifier:))

    @Test func randomValuesAlwaysGiveAState() {
        var rng = SeededGenerator(seed: 0x5EED_0005)
        var readable = 0
        let total = 5_000
        for _ in 0..<total {
            let value = OpeningHoursFuzzTests.randomValue(using: &rng)
            let hours = OpeningHours(value)
            if hours.isReadable { readable += 1 }
            let at = Date(timeIntervalSince1970: Double.random(in: -2e9...5e9, using: &rng))
            let zone = OpeningHoursFuzzTests.zones.randomElement(using: &rng)!
            let state = hours.state(at: at, in: zone)
            if !hours.isReadable {
                #expect(state.status == .unknown && state.reason != nil, "\(value.debugDescription)")
            }
            if let next = state.nextChange {
                #expect(next > at, "\(value.debugDescription) at \(at)")
            }
            _ = OpeningStatusFormatter(timeZone: zone).string(for: state, at: at)
        }
        print("fuzz: \(readable) of \(total) random values were readable")
        #expect(readable > 0)
    }

    /// Well-formed rules glued together at random: most must be readable (the
    /// rest hold an empty rule, such as a leading `||`),
    /// and each must evaluate at odd instants, far past and far future included.
    @Test func grammaticalValuesEvaluate() {
        var rng = SeededGenerator(seed: 42)
        let selectors = [
            "", "Mo-Fr ", "Sa,Su ", "Sa-Mo ", "Su[-1] ", "PH ", "Mo,PH ", "Dec 24-Jan 02 ", "Jan-Mar: ",
            "2021 Apr 01-02 ", "week 02-50/2 ", "easter ", "Oct 17-Mar 25 ",
        ]
        let times = ["", "10:00-19:00", "18:00-02:00", "00:00-24:00", "17:00+", "sunrise-sunset", "08:00-12:00,14:00-26:00"]
        let modifiers = ["", " off", " \"call first\"", " unknown"]
        let separators = ["; ", ", ", " || "]
        let instants = [
            Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: 0),
            instant("2026-03-29T02:30:00+01:00"), instant("2026-10-25T02:30:00+01:00"),
        ]
        var readable = 0
        for _ in 0..<2_000 {
            var value = ""
            for index in 0..<Int.random(in: 1...4, using: &rng) {
                if index > 0 { value += separators.randomElement(using: &rng)! }
                value +=
                    selectors.randomElement(using: &rng)! + times.randomElement(using: &rng)!
                    + modifiers.randomElement(using: &rng)!
            }
            let hours = OpeningHours(value)
            if hours.isReadable { readable += 1 }
            for at in instants + [Date(timeIntervalSince1970: Double.random(in: 0...4e9, using: &rng))] {
                let state = hours.state(at: at, in: monaco)
                if state.status == .unknown {
                    #expect(state.reason != nil || state.comment != nil, "\(value) at \(at)")
                }
            }
        }
        print("fuzz: \(readable) of 2000 grammatical values were readable")
        #expect(readable > 1_500)
    }
}
