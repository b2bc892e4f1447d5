import NearbyService

/// How long the HTTP place service waits, in seconds: for a connection,
/// then for each part of an answer. A request as a whole is given both
/// together, so a server that trickles its answer is cut off too.
public struct HTTPTimeouts: Hashable, Sendable {
    public static let `default` = HTTPTimeouts(connect: 5, read: 10)

    public var connect: Double
    public var read: Double

    public init(connect: Double, read: Double) {
        self.connect = connect
        self.read = read
    }

    /// Positive and finite, as NIO's timers need.
    func checked() throws(NearbyAPIError) -> HTTPTimeouts {
        guard connect.isFinite, connect > 0, connect <= 3600, read.isFinite, read > 0, read <= 3600 else {
            throw .invalidRequest("timeouts must be positive numbers of seconds, at most an hour (connect \(connect), read \(read))")
        }
        return self
    }

    var whole: Double { connect + read }
}
