import AsyncHTTPClient
import NIOCore

/// An answer read whole by a deadline. AsyncHTTPClient's deadline ends with
/// the head, and its read timeout restarts with every byte, so a server that
/// trickles its body would otherwise keep the client reading for ever: the
/// reading races a timer, and the loser is cancelled.
enum AnswerDeadline {
    /// What `read` gives by `deadline`; past it, `HTTPClientError.deadlineExceeded`.
    static func race<T: Sendable>(_ deadline: NIODeadline, _ read: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await read() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, (deadline - .now()).nanoseconds)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw HTTPClientError.deadlineExceeded }
            return value
        }
    }

    /// `seconds` as NIO's timers take it.
    static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }
}
