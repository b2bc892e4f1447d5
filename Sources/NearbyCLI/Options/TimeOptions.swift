import ArgumentParser
import Foundation
import NearbyKit

/// `--at` and `--tz`: when "open now" is evaluated, and the zone of places
/// whose dataset names none.
struct TimeOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Evaluate opening hours at this instant instead of now: ISO 8601, e.g. 2021-04-19T20:00:00+02:00 \
            (without an offset, local to --tz).
            """,
            valueName: "time"))
    var at: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Time zone for places whose dataset names none (IANA name, default: this machine's).", valueName: "zone"))
    var tz: String?

    func timeZone() throws -> TimeZone {
        guard let tz else { return .current }
        guard let zone = TimeZone(identifier: tz) else {
            throw CLIError.usage("unknown time zone \(tz) (an IANA name such as Europe/Monaco)")
        }
        return zone
    }

    /// The fixed instant of `--at`, or nil for the real clock.
    func instant() throws -> Date? {
        guard let at else { return nil }
        do {
            return try InstantParser.parse(at, localZone: try timeZone())
        } catch let error as InstantError {
            throw CLIError.usage("--at \(error.localizedDescription)")
        }
    }

    func clock() throws -> @Sendable () -> Date {
        if let fixed = try instant() { return { fixed } }
        return { Date() }
    }
}
