import Foundation
import Hummingbird
import Logging
import MapRender
import NIOCore
import NearbyKit
import NearbyService
import NearbyViews
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
    // Loaded on first use: once, whether here or by the caller before (serve reads the extract's name).
    let info = try await configuration.service.datasetInfo()
    logger.info("serving \(info.placeCount) places")
    // The kinds' words in every language are read once: here, before anything
    // listens, rather than by the first search, which would wait for them.
    _ = KindVocabulary.shared

    let metrics = ServerMetrics()
    let failures = FailureLog(logger: logger)
    let drawing = DrawingPool(width: configuration.drawingThreads, queue: configuration.drawingQueue, metrics: metrics)
    metrics.recordDataset(info)
    let json = JSONBody()
    let router = Router(context: NearbyRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    // One line per request at info level: shown with `serve --verbose`, free otherwise.
    router.add(middleware: LogRequestsMiddleware(.info))
    if !configuration.allowedOrigins.isEmpty {
        router.add(middleware: AllowedOrigins(origins: configuration.allowedOrigins))
    }
    router.add(middleware: APIErrorMiddleware(json: json, maximumQueryLength: configuration.maximumQueryLength))

    // One book of parsed opening hours for every route that shows them.
    let hours = OpeningHoursBook()
    PlacesController<NearbyRequestContext>(
        service: configuration.service, json: json, hours: hours,
        answers: AnswerCache(budget: configuration.cacheBudgets.answers, keyBytes: { $0.encoded.utf8.count }),
        now: configuration.now, failures: failures
    ).addRoutes(to: router)
    PlacesAPINewController<NearbyRequestContext>(
        service: configuration.service, json: json, hours: hours, now: configuration.now, failures: failures,
        answers: AnswerCache(budget: configuration.cacheBudgets.answers, keyBytes: { $0.utf8.count })
    ).addRoutes(to: router)
    GeocodeController<NearbyRequestContext>(service: configuration.service, json: json, failures: failures).addRoutes(to: router)
    DatasetController<NearbyRequestContext>(service: configuration.service, json: json, failures: failures).addRoutes(to: router)
    TilesController<NearbyRequestContext>(
        store: TileStore(tiles: configuration.tiles, basemap: configuration.basemap, drawing: drawing), json: json
    ).addRoutes(to: router)
    let leaflet = configuration.leaflet.flatMap { directory -> LeafletFiles? in
        do throws(LeafletMissing) {
            return try LeafletFiles(directory: directory)
        } catch {
            logger.warning("\(error.message)")
            return nil
        }
    }
    if let leaflet { LeafletController<NearbyRequestContext>(files: leaflet, json: json).addRoutes(to: router) }
    HealthController<NearbyRequestContext>(service: configuration.service, metrics: metrics, json: json, now: configuration.now)
        .addRoutes(to: router)
    let snapshotter = try mapSnapshotter(configuration, logger: logger)
    MapsController<NearbyRequestContext>(
        snapshotter: snapshotter, json: json, drawing: drawing, hasTileFolder: configuration.tiles != nil,
        images: StaticMapImageCache(byteBudget: configuration.cacheBudgets.staticMaps)
    )
    .addRoutes(to: router)
    PagesController<NearbyRequestContext>(
        service: configuration.service,
        maps: PageMaps(
            snapshotter: snapshotter,
            movingLayer: { [tiles = configuration.tiles, drawsMissing = configuration.basemap != nil] in
                leaflet == nil ? nil : MovingMapLayer.over(tiles, drawsMissing: drawsMissing)
            }),
        drawing: drawing,
        cache: AnswerCache(budget: configuration.cacheBudgets.pages, keyBytes: { $0.utf8.count }),
        now: configuration.now, failures: failures
    )
    .addRoutes(to: router)
    // Last: it wraps only the router's not-found answer, and reads the paths of every route above.
    router.add(middleware: UnknownRouteMiddleware(routes: .init(router), json: json))

    let reloader = DataReloadService(
        service: configuration.service, signals: await UnixSignalsSequence(trapping: configuration.reloadSignals),
        isTrapping: !configuration.reloadSignals.isEmpty, watchInterval: configuration.watchInterval,
        follower: configuration.follower, afterReload: configuration.afterReload, metrics: metrics, logger: logger)
    return Application(
        router: router,
        server: GuardedHTTP1Channel.builder(
            idleTimeout: TimeAmount.nanoseconds(configuration.idleTimeout.nanoseconds),
            gate: ConnectionGate(
                maximum: configuration.maximumConnections ?? DescriptorLimit.connections(within: DescriptorLimit.raise()),
                metrics: metrics, logger: logger),
            requestDeadline: TimeAmount.nanoseconds(configuration.requestDeadline.nanoseconds),
            maximumBody: configuration.maximumRequestBody, metrics: metrics),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "nearby"),
        services: [reloader],
        onServerRunning: { channel in await onReady(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// One snapshotter, and so one tile cache, for every map the server draws:
/// the static map API's and the pages'.
private func mapSnapshotter(_ configuration: ServerConfiguration, logger: Logger) throws(NearbyAPIError) -> MapSnapshotter {
    // Without a tile set every tile is drawn from the extract, or as plain land.
    let maps = MapSources(tiles: configuration.tiles, basemap: configuration.basemap)
    if let problem = maps.tiles.attribution.problem { logger.warning("\(problem)") }
    do {
        return try maps.snapshotter()
    } catch {
        throw .serviceUnavailable("static maps cannot be drawn: \(error.localizedDescription)")
    }
}
