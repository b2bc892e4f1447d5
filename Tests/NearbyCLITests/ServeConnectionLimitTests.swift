import Foundation
import NearbyTestSupport
import Synchronization
import Testing

/// `nearby serve` under a low limit on open files, flooded with clients
/// that each send a request: before the connection gate, libdispatch trapped
/// (SIGILL, no log line) once accepted connections took every descriptor.
struct ServeConnectionLimitTests {
    @Test func aFloodOfClientsAtTheDescriptorLimitIsTurnedAwayNotFatal() throws {
        // 256 open files, soft and hard, so the server cannot raise its way out: 96 connections at most.
        let (server, port) = try ServeCommandTests.serve(["--data", "Data/places.gpkg"], openFiles: 256)
        defer { server.stop() }
        // From eight threads at once, as a crowd arrives: the server's worker threads grow with it.
        let opened = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let request = "GET /maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=500 HTTP/1.1\r\nHost: x\r\n\r\n"
            for _ in 0..<50 {
                guard let fd = try? LoopbackPort.connect(port, receiveTimeout: 60) else { return }
                _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                opened.withLock { $0.append(fd) }
            }
        }
        var clients = opened.withLock { $0 }
        defer { clients.forEach { close($0) } }
        #expect(clients.count == 400, "connections the kernel queued or the server took")
        // Every client has its answer, a 200 or a 503, or its connection closed: read them all.
        var answers: [Substring: Int] = [:]
        for fd in clients {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(fd, &buffer, buffer.count, 0)
            answers[count > 0 ? String(decoding: buffer[..<count], as: UTF8.self).prefix(12) : "closed", default: 0] += 1
        }
        #expect(server.isRunning, "\(server.stderr)")
        #expect(answers["HTTP/1.1 200", default: 0] >= 90, "\(answers)")
        #expect(answers["HTTP/1.1 503", default: 0] + answers["closed", default: 0] > 0, "\(answers)")
        #expect(server.stderr.contains("connections are open, the most this server takes (--max-connections): "), "\(server.stderr)")

        clients.forEach { close($0) }
        clients = []
        var health = (status: 0, body: "")
        #expect(
            server.waitUntil(seconds: 30) {
                health = (try? ServeCommandTests.get(port, "/healthz")) ?? (0, "")
                return health.status == 200
            }, "\(health)")
        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0, "\(server.stderr)")
    }
}
