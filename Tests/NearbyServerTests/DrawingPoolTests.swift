import Foundation
import MapRender
import NearbyServer
import NearbyService
import Testing

/// Maps are drawn in a pool of their own, a few at once, a few more waiting;
/// past that a map is a 503 that says when to come back, and the rest of the
/// server goes on answering.
struct DrawingPoolTests {
    @Test func mapsPastThePoolAndItsQueueAreTurnedAway() async throws {
        var configuration = NearbyServer.ServerConfiguration(
            service: LocalPlaceService(dataURL: Repository.places), tiles: TileFolder(directory: Repository.tiles))
        configuration.drawingThreads = 1
        configuration.drawingQueue = 1
        let server = try await RunningServer.start(configuration)
        // Twelve distinct large maps at once: one draws, one waits, the rest cannot.
        let answers = try await withThrowingTaskGroup(of: RunningServer.Answer.self) { group in
            for n in 0..<12 {
                group.addTask {
                    try await server.get("/maps/api/staticmap?size=640x640&scale=2&center=43.73\(n),7.42&zoom=16")
                }
            }
            group.addTask { try await server.get("/healthz") }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let pages = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<6 { group.addTask { try await server.get("/map.png?lat=43.73\(n)&lon=7.42").status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let metrics = try await server.get("/metrics").text
        try await server.stop()

        let drawn = answers.filter { $0.status == 200 && $0.headers["content-type"] == "image/png" }
        let refused = answers.filter { $0.status == 503 }
        #expect(
            answers.contains { $0.status == 200 && (try? $0.json())?["status"] as? String == "ok" }, "health answers meanwhile")
        #expect(drawn.count >= 2, "\(answers.map(\.status))")
        #expect(!refused.isEmpty, "\(answers.map(\.status))")
        for answer in refused {
            #expect(answer.headers["retry-after"] == "1")
            #expect(try answer.json()["status"] as? String == "OVER_QUERY_LIMIT")
        }
        #expect(pages.allSatisfy { $0 == 200 || $0 == 503 } && pages.contains(200), "\(pages)")
        #expect(metrics.contains("nearby_maps_refused_total ") && !metrics.contains("nearby_maps_refused_total 0\n"), "\(metrics)")
    }
}
