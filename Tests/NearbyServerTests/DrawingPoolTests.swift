import Foundation
import MapRender
import NearbyServer
import NearbyService
import NearbyTestSupport
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

    /// Tiles the set lacks are drawn in the same pool: while one is drawing
    /// and two wait, more are turned away at once, and the server answers
    /// everything else. A tile drawn on the threads that answer requests is
    /// not held (six held there would leave the test servers' four threads,
    /// which their client shares, no room for anything), only counted.
    @Test func tilesAreDrawnInThePoolWhileTheServerAnswers() async throws {
        let scratch = try ScratchFolder()
        let basemap = HeldBasemap()
        var configuration = NearbyServer.ServerConfiguration(
            service: LocalPlaceService(dataURL: Repository.places), tiles: TileFolder(directory: scratch.url), basemap: basemap)
        configuration.drawingThreads = 1
        configuration.drawingQueue = 2
        let server = try await RunningServer.start(configuration)
        let (answers, sink) = AsyncStream.makeStream(of: Result<RunningServer.Answer, any Error>.self)
        for x in 0..<6 {
            Task {
                do {
                    sink.yield(.success(try await server.get("/tiles/14/\(8529 + x)/5974.png")))
                } catch {
                    sink.yield(.failure(error))
                }
            }
        }
        var received = answers.makeAsyncIterator()
        var early: [RunningServer.Answer] = []
        var health: RunningServer.Answer?
        do {
            // Only a tile turned away can answer before the drawing is let go.
            for _ in 0..<3 { early.append(try await received.next()!.get()) }
            health = try await server.get("/healthz")
        } catch {
            Issue.record("while a tile was held: \(error)")
        }
        basemap.release()
        var late: [RunningServer.Answer] = []
        for _ in early.count..<6 { late.append(try await received.next()!.get()) }
        try await server.stop()

        #expect(health?.status == 200)
        #expect(basemap.drawnOnServerThreads == 0)
        #expect(basemap.drawings == 3)
        for answer in early {
            #expect(answer.status == 503 && answer.headers["retry-after"] == "1")
            #expect(try answer.json()["status"] as? String == "OVER_QUERY_LIMIT")
        }
        for answer in late {
            #expect(answer.status == 200 && answer.headers["content-type"] == "image/png")
        }
    }
}

/// A basemap whose drawings wait until the test lets them go, except on the
/// test servers' own threads, where they are counted and not held.
private final class HeldBasemap: TileRendering, @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var count = 0
    private var onServerThreads = 0

    var drawings: Int { lock.withLock { count } }
    var drawnOnServerThreads: Int { lock.withLock { onServerThreads } }

    func renderTile(_ key: TileKey) throws -> PixelBuffer {
        if Thread.current.name == ServerExecutor.threadName {
            lock.withLock { onServerThreads += 1 }
            return PixelBuffer(width: 256, height: 256)
        }
        lock.withLock { count += 1 }
        gate.wait()
        gate.signal()
        return PixelBuffer(width: 256, height: 256)
    }

    func release() { gate.signal() }
}
