import Foundation
import HTTPTypes
import Hummingbird
import MapRender
import NIOCore

/// `GET /maps/api/staticmap`: Google Static Maps requests drawn by
/// MapRender's snapshotter. One snapshotter, and so one warm tile cache,
/// serves every request; each image's tile warnings are its own.
struct MapsController<Context: RequestContext>: Sendable {
    let snapshotter: MapSnapshotter
    let json: JSONBody
    let drawing: DrawingPool
    let etags: StaticMapETag
    let images: StaticMapImageCache
    /// False when the server has no tile folder: every image is plain land
    /// (or drawn on demand), and the warning says so rather than naming a folder.
    let hasTileFolder: Bool
    /// Images only change when the server restarts with other tiles, and the
    /// ETag says when: clients may keep them a day, then revalidate.
    static var cacheControl: String { "public, max-age=86400" }
    static var warningHeader: HTTPField.Name { HTTPField.Name("X-Nearby-Warning")! }

    init(
        snapshotter: MapSnapshotter, json: JSONBody, drawing: DrawingPool, hasTileFolder: Bool = true,
        images: StaticMapImageCache = StaticMapImageCache(), startedAt: Date = Date()
    ) {
        self.snapshotter = snapshotter
        self.json = json
        self.drawing = drawing
        self.images = images
        self.hasTileFolder = hasTileFolder
        let tiles = snapshotter.tiles
        etags = StaticMapETag(
            basemapIdentity: [
                hasTileFolder ? tiles.tiles.path : "no tile folder",
                tiles.onDemand == nil ? "tiles only" : "drawn on demand",
                String(startedAt.timeIntervalSince1970),
            ].joined(separator: "|"))
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/maps/api/staticmap") { request, context in
            await staticMap(request, context: context)
        }
    }

    func staticMap(_ request: Request, context: Context) async -> Response {
        let mapRequest: StaticMapRequest
        do {
            // The same reader the fuzz harness drives (RequestParsing).
            mapRequest = try RequestParsing.staticMap(query: request.uri.query)
        } catch {
            return json.error(.invalidRequest, error.localizedDescription, http: .badRequest)
        }
        let tag = etags.tag(for: mapRequest)
        if let ifNoneMatch = request.headers[.ifNoneMatch], IfNoneMatch.names(ifNoneMatch, tag: tag) {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: Self.cacheControl])
        }
        let image: StaticMapImageCache.Image
        if let cached = images.image(for: tag) {
            image = cached
        } else {
            // Drawing is synchronous CPU work (the snapshotter decodes missing
            // tiles on every core itself): it runs in the drawing pool, off the event loops.
            guard let drawn = await drawing.draw({ draw(mapRequest) }) else {
                return json.error(.overQueryLimit, DrawingPool.busy, http: .serviceUnavailable, extraHeaders: [.retryAfter: "1"])
            }
            switch drawn {
            case .success(let drawnImage):
                image = drawnImage
            case .failure(.projection(let error)):
                // The parser admits only positions on Earth, so this is a location PROJ refused.
                return json.error(.invalidRequest, "a location cannot be drawn: \(error.localizedDescription)", http: .badRequest)
            case .failure(let error):
                context.logger.error("staticmap: \(error.localizedDescription)")
                return json.error(.unknownError, "the map could not be drawn", http: .internalServerError)
            }
            images.store(image, for: tag)
        }
        var headers: HTTPFields = [.contentType: "image/png", .eTag: tag, .cacheControl: Self.cacheControl]
        if let warning = image.warning {
            headers[Self.warningHeader] = warning
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: image.png))
    }

    private func draw(_ mapRequest: StaticMapRequest) -> Result<StaticMapImageCache.Image, SnapshotError> {
        Result { () throws(SnapshotError) -> StaticMapImageCache.Image in
            let snapshot = try snapshotter.snapshot(mapRequest.snapshotOptions)
            return StaticMapImageCache.Image(
                png: ByteBuffer(bytes: try snapshot.pngData(encoder: PNGEncoder(usesPalette: mapRequest.usesPalette))),
                warning: warning(snapshot.warnings).map(Self.headerSafe))
        }
    }

    private func warning(_ warnings: [TileWarning]) -> String? {
        guard !warnings.isEmpty else { return nil }
        guard hasTileFolder else { return "the server has no tile folder; the map is drawn as plain land" }
        return snapshotter.tiles.warningSummary(warnings)
    }

    /// A header value holds visible ASCII and spaces only: anything else a
    /// warning quotes from the file system (a path) is replaced, never sent raw.
    static func headerSafe(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(512).map { scalar in
                    (0x20...0x7e).contains(scalar.value) ? scalar : "?"
                }))
    }
}
