import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Counts the open connections and turns away those past the maximum with a
/// 503, so that a flood of clients can never take the descriptors the rest
/// of the server needs. Says so in the log when it starts turning clients
/// away, then at most once every ten seconds while it goes on.
final class ConnectionGate: Sendable {
    let maximum: Int
    private let metrics: ServerMetrics
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    private struct State {
        var open = 0
        var refusedSinceWarning = 0
        var lastWarning: ContinuousClock.Instant?
    }

    /// Tells a client past the maximum to come back, and closes its connection
    /// without reading what it sent.
    final class Refusal: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer

        /// Written as bytes: the connection gets no HTTP handlers.
        static let answer: ByteBuffer = {
            let body = JSONBody().errorBytes(.unknownError, "the server has as many connections open as it takes; try again shortly")
            var answer = ByteBuffer(
                string: "HTTP/1.1 503 Service Unavailable\r\nContent-Type: \(JSONBody.contentType)\r\nX-Content-Type-Options: nosniff\r\n"
                    + "Content-Length: \(body.readableBytes)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n")
            answer.writeImmutableBuffer(body)
            return answer
        }()

        func channelActive(context: ChannelHandlerContext) {
            let channel = context.channel
            context.writeAndFlush(NIOAny(Self.answer)).whenComplete { _ in channel.close(promise: nil) }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    }

    init(maximum: Int, metrics: ServerMetrics, logger: Logger) {
        self.maximum = maximum
        self.metrics = metrics
        self.logger = logger
    }

    /// Whether a new connection may stay; if so, `release()` must follow when it closes.
    func admit() -> Bool {
        let (admitted, warning) = state.withLockedValue { state -> (Bool, Int?) in
            guard state.open >= maximum else {
                state.open += 1
                return (true, nil)
            }
            state.refusedSinceWarning += 1
            let now = ContinuousClock.now
            guard state.lastWarning.map({ now - $0 >= .seconds(10) }) ?? true else { return (false, nil) }
            state.lastWarning = now
            defer { state.refusedSinceWarning = 0 }
            return (false, state.refusedSinceWarning)
        }
        if admitted {
            metrics.recordConnectionOpened()
        } else {
            metrics.recordConnectionRefused()
            if let refused = warning {
                let connections = refused == 1 ? "connection" : "connections"
                logger.warning(
                    """
                    \(maximum) connections are open, the most this server takes (--max-connections): \
                    \(refused) new \(connections) turned away with 503 since the last warning
                    """)
            }
        }
        return admitted
    }

    func release() {
        state.withLockedValue { $0.open -= 1 }
        metrics.recordConnectionClosed()
    }
}
