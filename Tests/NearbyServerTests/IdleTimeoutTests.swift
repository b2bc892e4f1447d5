import Foundation
import NearbyServer
import NearbyService
import Testing

/// An idle or stalled client does not hold a connection for ever.
struct IdleTimeoutTests {
    @Test(arguments: ["", "GET /healthz HTTP/1.1\r\nHost: x\r\n", "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12"])
    func closesConnectionsThatSendNoWholeRequest(_ sent: String) async throws {
        var configuration = NearbyServer.ServerConfiguration(service: LocalPlaceService(dataURL: Repository.places))
        configuration.idleTimeout = .milliseconds(300)
        let server = try await RunningServer.start(configuration, keepingTimeouts: true)
        let closed = try await RawConnection.onThread { try RawConnection.waitForServerToClose(port: server.port, sending: sent) }
        try await server.stop()
        #expect(closed)
    }
}
