import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel behind nearby's guards: the connection
/// gate (a 503 past the maximum) and the whole-request deadline.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let gate: ConnectionGate
    let requestDeadline: TimeAmount
    let maximumBody: Int
    let metrics: ServerMetrics

    static func builder(
        idleTimeout: TimeAmount, gate: ConnectionGate, requestDeadline: TimeAmount, maximumBody: Int,
        metrics: ServerMetrics
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)), gate: gate,
                requestDeadline: requestDeadline, maximumBody: maximumBody, metrics: metrics)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard gate.admit() else {
            // Answered and closed as soon as it is active; Hummingbird sees a connection that says nothing.
            do {
                try channel.pipeline.syncOperations.addHandler(ConnectionGate.Refusal(), position: .first)
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
            return http1.setup(channel: channel, logger: logger)
        }
        channel.closeFuture.whenComplete { [gate] _ in gate.release() }
        let deadline = RequestDeadline(limit: requestDeadline, maximumBody: maximumBody, metrics: metrics)
        do {
            try channel.pipeline.syncOperations.addHandler(RequestDeadline.BytesWatch(deadline), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let parts = NIOLoopBound(RequestDeadline.PartsWatch(deadline), eventLoop: channel.eventLoop)
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(parts.value, position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
