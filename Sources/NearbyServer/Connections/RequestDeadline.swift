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
/// kept alive (Hummingbird sees the request without its version), cuts
/// off a request body larger than any route takes, closes a connection
/// once its request is answered before its body has arrived (a
/// `Content-Length` of 2^63 is not waited for, nor under /v1/ a first chunk
/// larger than a body may be), and answers a request NIO
/// cannot parse with JSON, under /v1/ as `google.rpc.Status`.
final class RequestDeadline {
    let limit: TimeAmount
    let maximumBody: Int
    let metrics: ServerMetrics
    private var timer: Scheduled<Void>?
    /// The length of the request line read so far, and whether it has ended:
    /// NIO says only that the head overflowed, and an over-long request line
    /// is a 414 where over-long headers are a 431.
    fileprivate var requestLineBytes = 0
    fileprivate var requestLineEnded = true
    /// The request line's first bytes, enough to see whether its path is the Places API (New)'s.
    fileprivate var requestLineStart: [UInt8] = []
    static let maximumHead = 80 * 1024  // NIO's and Hummingbird's default
    fileprivate static let requestLineStartBytes = 16

    /// The first chunk-size line of a chunked request under /v1/, read beside NIO's decoder, which
    /// does not say a chunk's size: a size past what a body may be (`ffffffffffffffff`) is refused
    /// at once instead of waited for. `headRead`: the head has just been decoded, no body part yet.
    fileprivate enum FirstChunk: Equatable {
        case off, headRead
        case line([UInt8])
    }
    fileprivate var firstChunk = FirstChunk.off
    /// Whether an answer to the request being read has begun: then no other is written.
    fileprivate var answerStarted = false

    /// After the decoder has read `buffer`: follows the first chunk's size line, and refuses it when
    /// its size passes the Places API (New)'s bound.
    fileprivate func watchFirstChunk(in buffer: ByteBuffer, _ context: ChannelHandlerContext) {
        switch firstChunk {
        case .off: return
        case .headRead:
            // The head ended in these bytes and no body part followed: its blank line is the last one here.
            let bytes = Array(buffer.readableBytesView)
            var end = bytes.count - 4
            while end >= 0, bytes[end..<(end + 4)].elementsEqual([13, 10, 13, 10]) == false { end -= 1 }
            firstChunk = end >= 0 ? .line(Array(bytes[(end + 4)...])) : .off
        case .line(let pending):
            firstChunk = .line(pending + Array(buffer.readableBytesView))
        }
        guard case .line(let line) = firstChunk else { return }
        let limit = PlacesAPINewController<NearbyRequestContext>.maximumBody
        var size = 0
        var digits = 0
        for byte in line {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { break }
            digits += 1
            size = size * 16 + digit
            guard size <= limit else {
                firstChunk = .off
                if !answerStarted { refuseFirstChunk(limit: limit, context) }
                return
            }
        }
        // The size line is whole (or is no size, for NIO to refuse): the body's bytes are counted as they come.
        if digits < line.count || line.count > 64 { firstChunk = .off }
    }

    private func refuseFirstChunk(limit: Int, _ context: ChannelHandlerContext) {
        let body = RPCError.tooLarge(limit).bytes(JSONBody())
        var answer = ByteBuffer(
            string: "HTTP/1.1 413 Content Too Large\r\nContent-Type: \(JSONBody.contentType)\r\nContent-Length: \(body.readableBytes)\r\n"
                + "Connection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n")
        answer.writeImmutableBuffer(body)
        metrics.recordRequestCutOff(reason: "body")
        let channel = context.channel
        context.writeAndFlush(NIOAny(answer)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Whether the request being read asks for a path under /v1/ (`POST /v1/places:…`).
    fileprivate var isPlacesAPINew: Bool {
        guard let space = requestLineStart.firstIndex(of: UInt8(ascii: " ")) else { return false }
        return requestLineStart[(space + 1)...].starts(with: "/v1/".utf8)
    }

    init(limit: TimeAmount, maximumBody: Int, metrics: ServerMetrics) {
        self.limit = limit
        self.maximumBody = maximumBody
        self.metrics = metrics
    }

    fileprivate func start(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        requestLineBytes = 0
        requestLineEnded = false
        requestLineStart = []
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
            if !deadline.requestLineEnded {
                let bytes = unwrapInboundIn(data).readableBytesView
                deadline.requestLineStart += bytes.prefix(RequestDeadline.requestLineStartBytes - deadline.requestLineStart.count)
                if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    deadline.requestLineBytes += newline - bytes.startIndex
                    deadline.requestLineEnded = true
                } else {
                    deadline.requestLineBytes += bytes.count
                }
            }
            let buffer = unwrapInboundIn(data)
            context.fireChannelRead(data)
            deadline.watchFirstChunk(in: buffer, context)
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
        /// From a request's head until the end of its response.
        private var answering = false
        /// Whether the request's end has been read; an answer written before it closes the connection.
        private var requestEnded = true

        init(_ deadline: RequestDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(var head):
                bodyBytes = 0
                answering = true
                requestEnded = false
                deadline.answerStarted = false
                let chunked = head.headers["transfer-encoding"].contains { $0.lowercased().contains("chunked") }
                deadline.firstChunk = chunked && deadline.isPlacesAPINew ? .headRead : .off
                if head.version.major == 1, head.version.minor == 0, !head.isKeepAlive {
                    closesAfterResponse = true
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                }
                context.fireChannelRead(wrapInboundOut(.head(head)))
            case .body(let bytes):
                deadline.firstChunk = .off
                bodyBytes += bytes.readableBytes
                guard bodyBytes <= deadline.maximumBody else {
                    deadline.metrics.recordRequestCutOff(reason: "body")
                    context.close(promise: nil)
                    return
                }
                context.fireChannelRead(data)
            case .end:
                deadline.firstChunk = .off
                requestEnded = true
                deadline.stop()
                context.fireChannelRead(data)
            }
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            switch unwrapOutboundIn(data) {
            case .head(var head):
                deadline.answerStarted = true
                // On every answer: no browser takes a body for another type than it is labelled (a tile's bytes for HTML).
                head.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
                if closesAfterResponse || !requestEnded { head.headers.replaceOrAdd(name: "Connection", value: "close") }
                context.write(wrapOutboundOut(.head(head)), promise: promise)
            case .end where !requestEnded:
                // Answered (a 413 on its Content-Length, say) with its body still to come: not waited for.
                answering = false
                let channel = context.channel
                let written = context.writeAndFlush(data)
                written.whenComplete { _ in channel.close(promise: nil) }
                if let promise { written.cascade(to: promise) }
            case .end:
                answering = false
                context.write(data, promise: promise)
            default:
                context.write(data, promise: promise)
            }
        }

        /// A request NIO cannot parse is answered in the API's shape, as the
        /// middleware answers a long query (Hummingbird's own answer is a bare 400),
        /// unless an answer to an earlier request is still being written.
        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            guard let parse = error as? HTTPParserError, !answering else {
                context.fireErrorCaught(error)
                return
            }
            let (status, message): (HTTPResponseStatus, String) =
                switch parse {
                case .headerOverflow where deadline.requestLineBytes >= RequestDeadline.maximumHead:
                    (.uriTooLong, "the request line is longer than 80 KB")
                case .headerOverflow: (.requestHeaderFieldsTooLarge, "the request's headers are larger than 80 KB")
                case .invalidContentLength: (.badRequest, "the Content-Length is not a number of bytes")
                case .unexpectedContentLength:
                    (.badRequest, "a request gives either a Content-Length or Transfer-Encoding: chunked, not both")
                case .invalidHeaderToken: (.badRequest, "a header holds a character HTTP does not allow in one")
                default: (.badRequest, "that is not an HTTP/1.1 request")
                }
            let body =
                deadline.isPlacesAPINew
                ? RPCError(http: .init(code: Int(status.code)), status: "INVALID_ARGUMENT", message: message).bytes(JSONBody())
                : JSONBody().errorBytes(.invalidRequest, message)
            let head = HTTPResponseHead(
                version: .http1_1, status: status,
                headers: [
                    "Content-Type": JSONBody.contentType, "Content-Length": String(body.readableBytes), "Connection": "close",
                    "X-Content-Type-Options": "nosniff",
                ])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
