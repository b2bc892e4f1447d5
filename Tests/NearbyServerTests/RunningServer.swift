import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import MapRender
import NearbyGeoPackage
import NearbyServer
import NearbyService
import NearbyTestSupport
import ServiceLifecycle
import Synchronization
import Testing

/// A server on a free loopback port, run in a service group of the test's
/// own (no signal handlers: tests must not install any in the test process),
/// with a client to ask it.
///
/// Its idle timeout and request deadline are far off unless the test is
/// about them (`keepingTimeouts`). The client keeps connections open between
/// requests; a server that closes one after 30 s idle races the client's
/// next request on it, and on CI's busy machine tests paused that long
/// mid-test: seven failed at once with `remoteConnectionClosed` (November 2026).
struct RunningServer: Sendable {
    let port: Int
    let group: ServiceGroup
    let run: Task<Void, any Error>

    /// Starts a server and returns once it listens.
    /// - Parameter logger: where the server logs; by default only critical lines, to stderr.
    static func start(
        _ configuration: NearbyServer.ServerConfiguration, keepingReloadSignals: Bool = false,
        keepingTimeouts: Bool = false, logger: Logger? = nil
    ) async throws -> RunningServer {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        configuration.port = 0
        if !keepingReloadSignals { configuration.reloadSignals = [] }
        if !keepingTimeouts {
            configuration.idleTimeout = farOff
            configuration.requestDeadline = farOff
        }
        configuration.shutdownSignals = []
        let logger =
            logger
            ?? {
                var logger = Logger(label: "nearby.serve.test")
                logger.logLevel = .critical
                return logger
            }()
        configuration.logger = logger

        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(configuration) { port in portSink.yield(port) }
        let group = ServiceGroup(services: [app], logger: logger)
        let run = Task(executorPreference: ServerExecutor.shared) { try await group.run() }
        guard let port = await ports.first(where: { _ in true }) else { throw CancellationError() }
        return RunningServer(port: port, group: group, run: run)
    }

    /// Longer than any test takes.
    static let farOff = Duration.seconds(1800)

    static func start(
        data: URL = Repository.places, tiles: URL? = nil, basemap: (any TileRendering)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> RunningServer {
        let open = data.pathExtension == "gpkg" ? PlacesFile.readIntoMemory : LocalPlaceService.readGeoJSON
        return try await start(
            NearbyServer.ServerConfiguration(
                service: LocalPlaceService(dataURL: data, open: open), tiles: try tiles.map(Self.tileSet), basemap: basemap, now: now))
    }

    /// A folder of tiles, or an `.mbtiles` file, as `--tiles` reads them.
    static func tileSet(_ url: URL) throws -> any TileSet {
        TileSetKind(path: url.path) == .mbtiles ? try MBTilesFile(url: url) : TileFolder(directory: url)
    }

    /// Stops it as SIGTERM would, and waits until it has.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await run.value
    }

    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(type, from: Data(body))
        }
    }

    /// A client that hands back redirects instead of following them.
    private static let literal = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: .init(redirectConfiguration: .disallow))

    func get(
        _ path: String, method: String = "GET", headers: [(String, String)] = [],
        followingRedirects: Bool = true
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        switch method {
        case "POST": request.method = .POST
        case "DELETE": request.method = .DELETE
        case "HEAD": request.method = .HEAD
        case "OPTIONS": request.method = .OPTIONS
        default: request.method = .GET
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await exchange(request, followingRedirects: followingRedirects)
    }

    /// A POST of a JSON body (the Places API (New)'s searches).
    func post(_ path: String, json: String, headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: json))
        return try await exchange(request, followingRedirects: true)
    }

    /// On the servers' threads, not the test's: the client reads the body
    /// only as fast as its reader takes it, and its 90 s between reads
    /// count while the reader waits. On Swift's cooperative pool (two
    /// threads here) the reader can wait behind synchronous tests blocked on
    /// children under AddressSanitizer: the whole suite printed nothing for
    /// 76 s, and a page and a tile failed with `HTTPClientError.readTimeout`
    /// (a local `.ci/run` beside other work, November 2026).
    private func exchange(_ request: HTTPClientRequest, followingRedirects: Bool) async throws -> Answer {
        let client = followingRedirects ? HTTPClient.shared : Self.literal
        let (response, body) = try await withTaskExecutorPreference(ServerExecutor.shared) {
            let response = try await client.execute(request, timeout: .seconds(60))
            return (response, try await response.body.collect(upTo: 16 << 20))
        }
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return Answer(status: Int(response.status.code), headers: fields, body: Array(buffer: body))
    }

    /// A nearbysearch answer, decoded with the API's own types.
    func search(_ parameters: String) async throws -> (Answer, NearbySearchResponse) {
        let answer = try await get("/maps/api/place/nearbysearch/json?\(parameters)")
        return (answer, try answer.decode(NearbySearchResponse.self))
    }
}
