import NIOCore
import NIOHTTP1

/// A whole request, headers and body, must arrive within `limit` of its
/// first byte. The idle timeout alone restarts with every byte, so a client
/// sending a byte every few seconds could hold a connection for ever.
///
/// Two handlers share one clock per connection: `BytesWatch`, at the front of
/// the pipeline, starts it when bytes arrive and none is running;
/// `PartsWatch`, behind NIO's HTTP/1 decoder, stops it when a request's end
/// has been read. It also closes HTTP/1.0 connections that did not ask to be
/// kept alive (Hummingbird sees the request without its version), and cuts
/// off a request body larger than any route takes.
final class RequestDeadline {
    let limit: TimeAmount
    let maximumBody: Int
    let metrics: ServerMetrics
    private var timer: Scheduled<Void>?

    init(limit: TimeAmount, maximumBody: Int, metrics: ServerMetrics) {
        self.limit = limit
        self.maximumBody = maximumBody
        self.metrics = metrics
    }

    fileprivate func start(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let channel = context.channel
        let metrics = metrics
        timer = context.eventLoop.scheduleTask(in: limit) {
            metrics.recordRequestCutOff(reason: "deadline")
            channel.close(promise: nil)
        }
    }

    fileprivate func stop() {
        timer?.cancel()
        timer = nil
    }

    /// At the front: raw bytes in.
    final class BytesWatch: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        let deadline: RequestDeadline

        init(_ deadline: RequestDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            deadline.start(context)
            context.fireChannelRead(data)
        }

        func channelInactive(context: ChannelHandlerContext) {
            deadline.stop()
            context.fireChannelInactive()
        }
    }

    /// Behind NIO's HTTP/1 decoder: its request parts in, response parts out.
    final class PartsWatch: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart
        let deadline: RequestDeadline
        private var bodyBytes = 0
        private var closesAfterResponse = false

        init(_ deadline: RequestDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(var head):
                bodyBytes = 0
                if head.version.major == 1, head.version.minor == 0, !head.isKeepAlive {
                    closesAfterResponse = true
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                }
                context.fireChannelRead(wrapInboundOut(.head(head)))
            case .body(let bytes):
                bodyBytes += bytes.readableBytes
                guard bodyBytes <= deadline.maximumBody else {
                    deadline.metrics.recordRequestCutOff(reason: "body")
                    context.close(promise: nil)
                    return
                }
                context.fireChannelRead(data)
            case .end:
                deadline.stop()
                context.fireChannelRead(data)
            }
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            guard closesAfterResponse, case .head(var head) = unwrapOutboundIn(data) else {
                context.write(data, promise: promise)
                return
            }
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        }
    }
}
