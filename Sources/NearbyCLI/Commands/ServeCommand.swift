import ArgumentParser
import Foundation
import Logging
import MapRender
import NearbyPostGIS
import NearbyServer
import NearbyService
import NearbyUpdate

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web pages, the places API (Google Places shapes), static maps, tiles and health over HTTP.",
        discussion: """
            Serves web pages for people at / (the home screen; ?lat=&lon= for a position, else the data's centre), \
            /places?category=KIND, /place/ID and /search?q=TEXT, their maps moving on Leaflet from --leaflet DIR \
            (Debian's libjs-leaflet; static maps without it). \
            Answers GET /maps/api/place/nearbysearch/json, /maps/api/place/details/json, /maps/api/geocode/json, \
            the Places API (New) at /v1/places (searchNearby, searchText, autocomplete, details), \
            /maps/api/staticmap, /tiles/{z}/{x}/{y}.png, /api/dataset, /healthz and /metrics \
            (see docs/openapi.yaml). The data is loaded into memory at start; SIGHUP (or `nearby refresh \
            --pidfile P`) loads it again while requests go on being answered from the old data, \
            and a bad file keeps the old data serving; --watch-data S does so whenever the file has changed \
            (`nearby update` beside it). With --replication the server follows the store's OpenStreetMap \
            replication feed itself, as `nearby update --replication --interval` would, and answers from each \
            update once it is written; a look that fails is logged, counted at /metrics and tried again. With \
            --redraw-tiles it also redraws the tiles each update changed in the tile set it serves (see `nearby tiles \
            render --since`). \
            SIGTERM or SIGINT stops accepting connections, finishes the requests in flight, removes the pidfile \
            and exits 0. \
            Connections past --max-connections are answered 503 and closed, and a connection whose request has not \
            wholly arrived --request-timeout seconds after its first byte is closed. Maps are drawn off the event loops, \
            --drawing-threads at once and --drawing-queue waiting; more are answered 503. /metrics counts each refusal. \
            Once listening it prints "nearby: serving on http://HOST:PORT" on stderr \
            (with --port 0, the port the system chose).

            Examples:
              nearby serve                      (then open http://127.0.0.1:8080/?lat=43.7384&lon=7.4246)
              nearby serve --port 0 --pidfile /tmp/nearby-serve.pid
              nearby serve --replication --replication-interval 60   (live data: the feed the store records)
              nearby serve --replication --tiles /srv/nearby/monaco.mbtiles --redraw-tiles   (and maps that follow it)
              nearby serve --watch-data 10 & nearby update --replication --interval 60   (the same, in two processes)
              curl 'http://127.0.0.1:8080/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=500&type=cafe'
              curl -o map.png 'http://127.0.0.1:8080/maps/api/staticmap?size=600x400&markers=color:red|43.7397,7.4277'
              nearby list --lat 43.7384 --lon 7.4246 --service http://127.0.0.1:8080
              nearby serve --port 0 --store postgresql://nearby@127.0.0.1:5432/nearby   (several may share one database)
              nearby serve --allow-origin https://app.example   (that site's pages may call the APIs from a browser)
            """
    )

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The port to listen on; 0 lets the system choose.", valueName: "port"))
    var port = 8080

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The tiles: a folder of {z}/{x}/{y}.png or an .mbtiles file; default: Tiles/ beside Data/.", valueName: "dir|file"))
    var tiles: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Record this process's id here, for `nearby refresh --pidfile` (none by default).", valueName: "path"))
    var pidfile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Connections past this many are answered 503 and closed (default: three quarters of the open-file limit less 128, "
                + "after raising it to its hard limit; 672 of 1024).", valueName: "n"))
    var maxConnections: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a request's headers and body may take to arrive, from its first byte.", valueName: "seconds"))
    var requestTimeout = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Maps drawn at once, off the event loops (by default one a core).", valueName: "n"))
    var drawingThreads = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Maps that may wait for a turn; any more are answered 503.", valueName: "n"))
    var drawingQueue = 64

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Megabytes each cache of answers may hold: the APIs' (nearbysearch's and the Places API (New)'s searches', "
                + "each), the pages', the static maps'.",
            valueName: "api,pages,maps"))
    var cacheMegabytes = "32,64,32"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A web origin whose pages may call the APIs from a browser (CORS), such as https://app.example; "
                + "repeat it for several, or * for any (none by default).", valueName: "origin"))
    var allowOrigin: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where Leaflet is, for the pages' moving map (Debian's libjs-leaflet); "
                + "without it the pages' maps are static.", valueName: "dir"))
    var leaflet = ServerConfiguration.debianLeaflet.path

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Look this often whether the data file has changed (`nearby update` or `nearby import` into it) "
                + "and reload it if so, as on SIGHUP; 0, the default, looks never. A PostGIS store is read as it is on every request.",
            valueName: "seconds"))
    var watchData = 0

    @OptionGroup var replicationOptions: ReplicationOptions

    @Flag(name: .long, help: "Log every request (swift-log, to stderr).")
    var verbose = false

    @OptionGroup var serviceOptions: ServiceOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        if let maxConnections, maxConnections < 1 {
            throw ValidationError("--max-connections must be at least 1, not \(maxConnections)")
        }
        guard drawingThreads >= 1 else { throw ValidationError("--drawing-threads must be at least 1, not \(drawingThreads)") }
        guard drawingQueue >= 0 else { throw ValidationError("--drawing-queue must be 0 or more, not \(drawingQueue)") }
        guard cacheBudgets != nil else {
            throw ValidationError(
                "--cache-megabytes must be three whole numbers of megabytes, 0 to 65536, such as 32,64,32; not \(cacheMegabytes)")
        }
        guard (0...86400).contains(watchData) else {
            throw ValidationError("--watch-data must be whole seconds from 0 (never) to 86400, not \(watchData)")
        }
        guard (1...3600).contains(requestTimeout) else {
            throw ValidationError("--request-timeout must be whole seconds from 1 to 3600, not \(requestTimeout)")
        }
        for origin in allowOrigin where origin != "*" {
            // An origin is a scheme, a host and perhaps a port: what browsers send in `Origin`, nothing after.
            guard let url = URL(string: origin), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil,
                url.path.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
            else {
                throw ValidationError("--allow-origin takes an origin such as https://app.example (or *), not \(origin)")
            }
        }
        if serviceOptions.service != nil {
            throw ValidationError("serve answers from local data (--data FILE) or a database (--store URL), not from another --service")
        }
    }

    func run() async throws {
        let root = try PlaceServiceRoot(serviceOptions, answering: .fromMemory)
        guard let service = root.reloadable else {
            throw CLIError.usage("serve needs local data (--data FILE) or a database (--store URL)")
        }
        // Loaded once, here: the extract's name is the dataset's, and the server answers from this load.
        let maps: MapRoot
        let kept: KeptExtract
        // Its scratch folder goes on every way out, a refused --tiles among them.
        var made: KeptExtract?
        do {
            let info = try await service.datasetInfo()
            let beside = MapRoot.extract(beside: root.dataURL, named: info.source)
            kept = try KeptExtract(root.keptStore, beside: beside)
            made = kept
            var drawing: OnDemandBasemap.Source?
            do {
                drawing = try await kept.source()
            } catch {
                StandardError.line(
                    "nearby: cannot copy the extract the store keeps (\(error.localizedDescription)); "
                        + "missing tiles are drawn from the one beside the data, if any")
                drawing = kept.besideSource
            }
            maps = try MapRoot(tiles: tiles, dataURL: root.dataURL, source: info.source, drawing: drawing)
        } catch {
            made?.remove()
            await root.shutdown()
            throw (error as? NearbyAPIError).map(CLIError.init) ?? error
        }
        defer { kept.remove() }
        let follower: (any DataFollower)?
        do {
            follower = try await replicationOptions.follower(
                of: serviceOptions.store, file: root.dataURL, tiles: URL(fileURLWithPath: maps.tiles.path))
        } catch {
            await root.shutdown()
            throw error
        }

        var logger = Logger(label: "nearby.serve", factory: LazyMetadataLogHandler.init)
        logger.logLevel = verbose ? .info : .notice
        var configuration = ServerConfiguration(
            host: host, port: port, service: service, tiles: maps.tiles, basemap: maps.basemap, logger: logger,
            maximumConnections: maxConnections, requestDeadline: .seconds(requestTimeout),
            drawingThreads: drawingThreads, drawingQueue: drawingQueue, cacheBudgets: cacheBudgets ?? CacheBudgets(),
            watchInterval: watchData > 0 ? .seconds(watchData) : nil, follower: follower, allowedOrigins: Set(allowOrigin),
            leaflet: URL(fileURLWithPath: leaflet))
        if let basemap = maps.basemap {
            // Missing tiles are drawn from the store as reloaded (after an update), not as it started.
            configuration.afterReload = { try await kept.follow(basemap) }
        }
        // Early SIGHUPs (before the server's UnixSignalsSequence takes them) are
        // dropped, not fatal: a disposition, which that sequence does not set on Linux.
        signal(SIGHUP, SIG_IGN)
        let lease = try pidfile.map { path in
            var options = PidFileOptions()
            options.pidfile = path
            return try options.acquire(as: "a server")
        }
        defer { lease?.release() }
        // An IPv6 address is bracketed in a URL: http://[::1]:8080.
        let authority = host.contains(":") ? "[\(host)]" : host
        do {
            try await runServer(configuration) { port in
                StandardError.line("nearby: serving on http://\(authority):\(port)")
            }
        } catch {
            await root.shutdown()
            switch error {
            case .data(let failure): throw CLIError(failure)
            case .cannotListen(let reason): throw CLIError(message: "cannot listen on \(authority):\(port): \(reason)", code: .unavailable)
            case .unavailable(let reason): throw CLIError(message: "the server stopped: \(reason)", code: .unavailable)
            }
        }
        await root.shutdown()
    }

    /// `--cache-megabytes` read: three budgets in megabytes.
    private var cacheBudgets: CacheBudgets? {
        let sizes = cacheMegabytes.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard sizes.count == 3, sizes.allSatisfy({ $0.map { (0...65536).contains($0) } ?? false }) else { return nil }
        let bytes = sizes.map { ($0 ?? 0) << 20 }
        return CacheBudgets(answers: bytes[0], pages: bytes[1], staticMaps: bytes[2])
    }
}
