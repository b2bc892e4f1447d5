import Foundation
import Testing

@testable import NearbyKit

/// The demo dataset's zone: CET (+01:00) in winter, CEST (+02:00) from
/// 29 March to 25 October 2026.
let monaco = TimeZone(identifier: "Europe/Monaco")!

/// An instant written as ISO 8601 with its offset, so a case reads as the
/// local wall-clock time it was checked at.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else {
        Issue.record("bad ISO 8601 instant in a test: \(text)")
        return .distantPast
    }
    return date
}
