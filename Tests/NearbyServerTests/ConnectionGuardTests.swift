import Foundation
import NearbyServer
import NearbyService
import Testing

/// What keeps hostile clients from holding the server: the connection
/// maximum, the whole-request deadline, the body limit, and HTTP/1.0's close.
struct ConnectionGuardTests {
    static func server(_ change: (inout NearbyServer.ServerConfiguration) -> Void) async throws -> RunningServer {
        var configuration = NearbyServer.ServerConfiguration(service: LocalPlaceService(dataURL: Repository.places))
        // Each test sets the limit it is about; the others are far off (see RunningServer).
        configuration.idleTimeout = RunningServer.farOff
        configuration.requestDeadline = RunningServer.farOff
        change(&configuration)
        return try await RunningServer.start(configuration, keepingTimeouts: true)
    }

    static let healthz = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func connectionsPastTheMaximumAre503AndTheNextAfterACloseIsServed() async throws {
        let server = try await Self.server { $0.maximumConnections = 3 }
        let port = server.port
        let (refused, later) = try await RawConnection.onThread {
            // Three connections the server has answered once, and keeps open.
            let held = try (0..<3).map { _ in try RawConnection.connected(port: port) }
            for fd in held { #expect(try RawConnection.request(fd, Self.healthz).hasPrefix("HTTP/1.1 200")) }
            let refused = try RawConnection.exchange(port: port, Self.healthz)
            close(held[0])
            defer { held.dropFirst().forEach { close($0) } }
            // The close reaches the server's event loop a moment later: ask until it has.
            var later = ""
            for _ in 0..<200 where !later.hasPrefix("HTTP/1.1 200") {
                later = try RawConnection.exchange(port: port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if !later.hasPrefix("HTTP/1.1 200") { usleep(50_000) }
            }
            return (refused, later)
        }
        // Two connections are still held, and the one just answered closes a moment after its answer: ask until it has.
        let metrics = try await RawConnection.onThread {
            var metrics = ""
            for _ in 0..<200 where !metrics.hasPrefix("HTTP/1.1 200") {
                metrics = try RawConnection.exchange(port: port, "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if !metrics.hasPrefix("HTTP/1.1 200") { usleep(50_000) }
            }
            return metrics
        }
        try await server.stop()
        #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(refused)")
        #expect(refused.contains("Retry-After: 1\r\n") && refused.contains(#""status":"UNKNOWN_ERROR""#))
        #expect(refused.contains("\r\nX-Content-Type-Options: nosniff\r\n"))
        #expect(later.hasPrefix("HTTP/1.1 200"), "\(later)")
        #expect(metrics.contains("nearby_connections_refused_total "), "\(metrics)")
        #expect(!metrics.contains("nearby_connections_refused_total 0\n"))
    }

    /// Each byte restarts the idle timeout; the whole request's deadline does not restart.
    @Test(arguments: [
        "GET /healthz HTTP/1.1\r\nHost: x\r\nx-slow: ",  // headers that never end
        "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n",  // a body that never ends
    ])
    func aRequestTrickledPastTheDeadlineIsCutOff(_ head: String) async throws {
        let server = try await Self.server { $0.requestDeadline = .milliseconds(500) }
        let port = server.port
        let closed = try await RawConnection.onThread {
            try RawConnection.trickle(port: port, first: head, byte: "a", every: 0.1, forAtMost: 20)
        }
        try await server.stop()
        #expect(closed, "the server kept a trickling request for 20 s")
    }

    @Test func aBodyLargerThanAnyRouteTakesClosesTheConnection() async throws {
        let server = try await Self.server { $0.maximumRequestBody = 1_000 }
        let port = server.port
        let closed = try await RawConnection.onThread {
            try RawConnection.trickle(
                port: port,
                first: "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n"
                    + String(repeating: "b", count: 5_000), byte: "b", every: 0.1, forAtMost: 20)
        }
        try await server.stop()
        #expect(closed)
    }

    /// Past NIO's 80 KB for a head, the answer is the API's JSON with the status
    /// that says which part was too long, as it is below 80 KB (the middleware's 414).
    @Test(arguments: [
        ("GET /healthz?" + String(repeating: "q", count: 90_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", "414 URI Too Long", "request line"),
        (
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "h", count: 90_000) + "\r\n\r\n",
            "431 Request Header Fields Too Large", "headers"
        ),
        ("\u{16}\u{3}\u{1} not HTTP\r\n\r\n", "400 Bad Request", "not an HTTP/1.1 request"),
    ])
    func anUnreadableRequestIsAnsweredInTheAPIsShape(_ request: String, status: String, words: String) async throws {
        let server = try await Self.server { _ in }
        let port = server.port
        let answer = try await RawConnection.onThread { try RawConnection.exchange(port: port, request) }
        try await server.stop()
        #expect(answer.hasPrefix("HTTP/1.1 \(status)\r\n"), "\(answer.prefix(200))")
        #expect(answer.contains("\r\nContent-Type: application/json; charset=utf-8\r\n"))
        #expect(answer.contains("\r\nX-Content-Type-Options: nosniff\r\n"))
        let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "INVALID_REQUEST")
        #expect((json["error_message"] as? String)?.contains(words) == true, "\(json)")
    }

    /// HTTP/1.0 without keep-alive: the answer says close, and the connection ends
    /// with it rather than at the idle timeout (30 s here).
    @Test func anHTTP10RequestWithoutKeepAliveIsAnsweredAndClosed() async throws {
        let server = try await Self.server { _ in }
        let port = server.port
        let (answer, closed) = try await RawConnection.onThread {
            try RawConnection.answerAndClose(port: port, "GET /healthz HTTP/1.0\r\n\r\n", within: 10)
        }
        let kept = try await RawConnection.onThread {
            try RawConnection.answerAndClose(port: port, "GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", within: 1)
        }
        try await server.stop()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.contains("\r\nConnection: close\r\n"), "\(answer)")
        #expect(closed)
        #expect(kept.answer.hasPrefix("HTTP/1.1 200") && !kept.closed, "a 1.0 client that asks for keep-alive keeps its connection")
    }
}
