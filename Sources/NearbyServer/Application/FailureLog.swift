import Logging
import NIOConcurrencyHelpers

/// Says a failure once, then counts it. During an outage (PostgreSQL stopped,
/// the data file gone) every request fails the same way, and a line per
/// request would bury the log: the first is logged, the same message again
/// within `interval` only counted, and the count said with the next one after.
final class FailureLog: Sendable {
    private let logger: Logger
    private let interval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = NIOLockedValueBox<[String: Seen]>([:])

    private struct Seen {
        var said: ContinuousClock.Instant
        var since = 0
    }

    /// Distinct messages remembered; past it the memory starts again (a message
    /// carrying a request's own text must not grow it without bound).
    static let remembered = 64

    init(logger: Logger, interval: Duration = .seconds(10), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.logger = logger
        self.interval = interval
        self.now = now
    }

    func error(_ message: String) {
        let now = now()
        let repeated: Int? = state.withLockedValue { seen in
            if var last = seen[message], now - last.said < interval {
                last.since += 1
                seen[message] = last
                return nil
            }
            if seen.count >= Self.remembered { seen.removeAll() }
            let since = seen[message]?.since ?? 0
            seen[message] = Seen(said: now)
            return since
        }
        guard let repeated else { return }
        let seconds = interval.components.seconds
        logger.error(
            "\(message)\(repeated > 0 ? " (and \(repeated) more time\(repeated == 1 ? "" : "s") in the \(seconds) s before)" : "")")
    }
}
