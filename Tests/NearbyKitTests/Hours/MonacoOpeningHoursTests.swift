import Foundation
import Testing

@testable import NearbyKit

/// The 115 real values of the Monaco extract (see Fixtures/monaco-opening-hours.md).
///
/// Read from the checkout rather than `Bundle.module`, so the test does not
/// depend on the manifest declaring the folder as a resource.
func monacoValues() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/monaco-opening-hours.txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
}

@Suite("Monaco opening_hours values")
struct MonacoOpeningHoursTests {
    @Test func fixtureHoldsEveryValue() throws {
        #expect(try monacoValues().count == 115)
    }

    @Test func atLeastNinetyFivePercentEvaluate() throws {
        let values = try monacoValues()
        var unreadable: [(String, String)] = []
        for value in values {
            let hours = OpeningHours(value)
            if let reason = hours.failureReason { unreadable.append((value, reason)) }
        }
        let readable = values.count - unreadable.count
        let share = Double(readable) / Double(values.count)
        print("opening_hours coverage on Monaco: \(readable)/\(values.count) readable (\(Int((share * 1000).rounded()) / 10)%)")
        for (value, reason) in unreadable { print("  unreadable: \(value) — \(reason)") }
        #expect(share >= 0.95)
    }

    /// At a spread of instants over a year, every value gives a state, and
    /// an unknown state always says why.
    @Test func everyValueEvaluatesOrSaysWhyNot() throws {
        let values = try monacoValues()
        let start = instant("2026-01-01T00:00:00+01:00")
        var counts: [OpeningState.Status: Int] = [:]
        for value in values {
            let hours = OpeningHours(value)
            for step in 0..<53 {
                // Weekly steps shifted by 7h13m so the instants visit every weekday and hour.
                let at = start.addingTimeInterval(Double(step) * (7 * 86_400 + 7 * 3_600 + 13 * 60))
                let state = hours.state(at: at, in: monaco)
                counts[state.status, default: 0] += 1
                if state.status == .unknown {
                    #expect(state.reason != nil || state.comment != nil, "\(value) at \(at)")
                }
                if let next = state.nextChange {
                    #expect(next > at, "\(value) at \(at)")
                    let after = hours.state(at: next, in: monaco)
                    #expect(after.status != state.status, "\(value): no flip at \(next)")
                }
            }
        }
        print("Monaco states over a year: \(counts)")
    }
}
