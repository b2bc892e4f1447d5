import Foundation
import Logging
import MapRender
import NearbyService
import UnixSignals

/// Everything `nearby serve` decides before the server starts.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port; `runServer`'s `onReady` tells which.
    public var port: Int
    /// Where places come from. It is loaded at start (a failure stops the
    /// server before it listens) and reloaded on `reloadSignals`.
    public var service: any ReloadablePlaceService
    /// The tiles served under /tiles (a folder or an MBTiles file); nil serves none.
    public var tiles: (any TileSet)?
    /// Draws tiles the folder lacks (`OnDemandBasemap` over the extract).
    public var basemap: (any TileRendering)?
    public var logger: Logger
    /// A connection with no request for this long is closed, so idle or
    /// stalled clients cannot hold connections for ever.
    public var idleTimeout: Duration
    /// Query strings longer than this are refused with 414.
    public var maximumQueryLength: Int
    /// Connections past this many are answered 503 and closed; nil: a share of
    /// the open-file limit, raised to its hard limit at start (`DescriptorLimit`).
    public var maximumConnections: Int?
    /// A request's headers and body must all arrive within this of its first byte.
    public var requestDeadline: Duration
    /// No route takes a request body; a connection sending more than this is closed.
    public var maximumRequestBody: Int
    /// Maps drawn at once (by default one a core), and maps that may wait for
    /// a turn; any more are answered 503.
    public var drawingThreads: Int
    public var drawingQueue: Int
    /// Bytes kept at most by the caches of answers: the APIs' (nearbysearch's,
    /// and the Places API (New)'s searches', each this much), the web pages',
    /// the static maps' (each counts keys and overhead too).
    public var cacheBudgets: CacheBudgets
    public var reloadSignals: [UnixSignal]
    /// How often to look whether the data file has changed, and reload it if
    /// so (`serve --watch-data`); nil: only on `reloadSignals`.
    public var watchInterval: Duration?
    /// Brings the data forward by itself (`serve --replication`); nil: nothing does.
    public var follower: (any DataFollower)?
    /// Run after each reload that succeeded, on the reload's thread: what else
    /// follows the data (`nearby serve`'s basemap, drawn from the extract the
    /// store keeps). A failure is logged; the reloaded data is served regardless.
    public var afterReload: (@Sendable () async throws -> Void)?
    /// Stop accepting, finish the requests in flight, then return.
    public var shutdownSignals: [UnixSignal]
    /// Requests still running this long after a shutdown signal are cancelled.
    public var shutdownGracePeriod: Duration
    /// The present, for `open_now` (tests fix it).
    public var now: @Sendable () -> Date
    /// Where Leaflet's files are (Debian's `libjs-leaflet`), for the pages'
    /// moving map; nil, or a
    /// folder without them, keeps the pages' maps static.
    public var leaflet: URL?
    public static let debianLeaflet = URL(fileURLWithPath: "/usr/share/javascript/leaflet")
    /// The web origins (`https://app.example`, or `*` for any) whose pages
    /// may call the APIs from a browser (CORS); none by default.
    public var allowedOrigins: Set<String>

    public init(
        host: String = "127.0.0.1", port: Int = 8080, service: any ReloadablePlaceService, tiles: (any TileSet)? = nil,
        basemap: (any TileRendering)? = nil, logger: Logger = Logger(label: "nearby.serve"),
        idleTimeout: Duration = .seconds(30), maximumQueryLength: Int = 16 * 1024, maximumConnections: Int? = nil,
        requestDeadline: Duration = .seconds(30), maximumRequestBody: Int = 64 * 1024,
        drawingThreads: Int = ProcessInfo.processInfo.activeProcessorCount, drawingQueue: Int = 64,
        cacheBudgets: CacheBudgets = CacheBudgets(),
        reloadSignals: [UnixSignal] = [.sighup], watchInterval: Duration? = nil, follower: (any DataFollower)? = nil,
        shutdownSignals: [UnixSignal] = [.sigterm, .sigint], shutdownGracePeriod: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }, allowedOrigins: Set<String> = [],
        leaflet: URL? = ServerConfiguration.debianLeaflet
    ) {
        self.leaflet = leaflet
        self.host = host
        self.port = port
        self.service = service
        self.tiles = tiles
        self.basemap = basemap
        self.logger = logger
        self.idleTimeout = idleTimeout
        self.maximumQueryLength = maximumQueryLength
        self.maximumConnections = maximumConnections
        self.requestDeadline = requestDeadline
        self.maximumRequestBody = maximumRequestBody
        self.drawingThreads = drawingThreads
        self.drawingQueue = drawingQueue
        self.cacheBudgets = cacheBudgets
        self.reloadSignals = reloadSignals
        self.watchInterval = watchInterval
        self.follower = follower
        self.shutdownSignals = shutdownSignals
        self.shutdownGracePeriod = shutdownGracePeriod
        self.now = now
        self.allowedOrigins = allowedOrigins
    }
}

/// What each cache of the server may hold, in bytes.
public struct CacheBudgets: Sendable {
    /// nearbysearch's answers, and the Places API (New)'s searches' apart.
    public var answers: Int
    public var pages: Int
    public var staticMaps: Int

    public init(answers: Int = 32 << 20, pages: Int = 64 << 20, staticMaps: Int = 32 << 20) {
        self.answers = answers
        self.pages = pages
        self.staticMaps = staticMaps
    }
}
