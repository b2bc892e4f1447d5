import Foundation
import Hummingbird
import Logging
import NearbyService
import ServiceLifecycle
import UnixSignals

/// The request context of every route.
public typealias NearbyRequestContext = BasicRequestContext

/// The composition root: loads the data, makes the controllers and the
/// router, and returns the application with its SIGHUP reloader. It does
/// not listen yet; `runServer` (or a test's service group) runs it.
///
/// - Parameter onReady: called with the bound port once the server listens.
/// - Throws: the service's error when the data cannot be loaded (the CLI
///   maps a missing file to 66, bad data to 65).
public func buildApplication(
    _ configuration: ServerConfiguration, onReady: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws(NearbyAPIError) -> some ApplicationProtocol {
    let logger = configuration.logger
    let info = try await configuration.service.reload()
    logger.info("serving \(info.placeCount) places")

    let metrics = ServerMetrics()
    metrics.recordDataset(info)
    let json = JSONBody()
    let router = Router(context: NearbyRequestContext.self)
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    router.add(middleware: APIErrorMiddleware(
        json: json, knownPaths: ServerRoutes.fixedPaths, knownPrefixes: ServerRoutes.prefixes,
        maximumQueryLength: configuration.maximumQueryLength))

    PlacesController<NearbyRequestContext>(
        service: configuration.service, json: json, hours: OpeningHoursBook(), answers: AnswerCache(capacity: 8192),
        now: configuration.now
    ).addRoutes(to: router)
    DatasetController<NearbyRequestContext>(service: configuration.service, json: json).addRoutes(to: router)
    TilesController<NearbyRequestContext>(
        store: TileStore(directory: configuration.tiles, basemap: configuration.basemap), json: json
    ).addRoutes(to: router)
    HealthController<NearbyRequestContext>(service: configuration.service, metrics: metrics).addRoutes(to: router)
    // Static maps (`/maps/api/staticmap`) register here: a MapsController in
    // Sources/NearbyServer/Maps with `addRoutes(to: router)`, and its path in
    // `ServerRoutes.fixedPaths` so a wrong method gets 405.

    let reloader = DataReloadService(
        service: configuration.service, signals: await UnixSignalsSequence(trapping: configuration.reloadSignals),
        isTrapping: !configuration.reloadSignals.isEmpty,
        metrics: metrics, logger: logger)
    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "nearby"),
        services: [reloader],
        onServerRunning: { channel in await onReady(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// The paths the server answers, for telling a wrong method (405) from an unknown path (404).
enum ServerRoutes {
    static let fixedPaths: Set<String> = [
        "/maps/api/place/nearbysearch/json", "/maps/api/place/details/json", "/maps/api/staticmap",
        "/api/dataset", "/healthz", "/metrics",
    ]
    static let prefixes = ["/tiles/"]
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
