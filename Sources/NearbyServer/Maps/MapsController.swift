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
    let images: StaticMapImageCache
    /// False when the server has no tile folder: every image is plain land
    /// (or drawn on demand), and the warning says so rather than naming a folder.
    let hasTileFolder: Bool
    /// Images change only when their tiles do, and the ETag says when:
    /// clients may keep them a day, then revalidate.
    static var cacheControl: String { "public, max-age=86400" }
    static var warningHeader: HTTPField.Name { HTTPField.Name("X-Nearby-Warning")! }

    init(
        snapshotter: MapSnapshotter, json: JSONBody, drawing: DrawingPool, hasTileFolder: Bool = true,
        images: StaticMapImageCache = StaticMapImageCache()
    ) {
        self.snapshotter = snapshotter
        self.json = json
        self.drawing = drawing
        self.images = images
        self.hasTileFolder = hasTileFolder
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
        // The tag is made from the tiles under the map, which may have to be
        // read and decoded first: that, like drawing, runs in the drawing pool.
        let ifNoneMatch = request.headers[.ifNoneMatch]
        guard let answer = await drawing.draw({ answer(mapRequest, ifNoneMatch: ifNoneMatch) }) else {
            return DrawingPool.refusal(json)
        }
        let tag: String
        let image: StaticMapImageCache.Image
        switch answer {
        case .success(.notModified(let notModifiedTag)):
            return Response(status: .notModified, headers: [.eTag: notModifiedTag, .cacheControl: Self.cacheControl])
        case .success(.image(let answerImage, let answerTag)):
            (image, tag) = (answerImage, answerTag)
        case .failure(.projection(let error)):
            // The parser admits only positions on Earth, so this is a location PROJ refused.
            return json.error(.invalidRequest, "a location cannot be drawn: \(error.localizedDescription)", http: .badRequest)
        case .failure(let error):
            context.logger.error("staticmap: \(error.localizedDescription)")
            return json.error(.unknownError, "the map could not be drawn", http: .internalServerError)
        }
        var headers: HTTPFields = [.contentType: "image/png", .eTag: tag, .cacheControl: Self.cacheControl]
        if let warning = image.warning {
            headers[Self.warningHeader] = warning
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: image.png))
    }

    private enum Answer {
        case notModified(tag: String)
        case image(StaticMapImageCache.Image, tag: String)
    }

    /// The map's tag and, unless the client has the map already, its image:
    /// kept, or drawn now.
    private func answer(_ mapRequest: StaticMapRequest, ifNoneMatch: String?) -> Result<Answer, SnapshotError> {
        Result { () throws(SnapshotError) -> Answer in
            let options = mapRequest.snapshotOptions
            let tag = StaticMapETag.tag(
                for: mapRequest, basemap: try snapshotter.basemapDigest(options), hasTileFolder: hasTileFolder)
            if let ifNoneMatch, IfNoneMatch.names(ifNoneMatch, tag: tag) { return .notModified(tag: tag) }
            if let kept = images.image(for: tag) { return .image(kept, tag: tag) }
            let snapshot = try snapshotter.snapshot(options)
            let image = StaticMapImageCache.Image(
                png: ByteBuffer(bytes: try snapshot.pngData(encoder: PNGEncoder(usesPalette: mapRequest.usesPalette))),
                warning: warning(snapshot.warnings).map(Self.headerSafe))
            images.store(image, for: tag)
            return .image(image, tag: tag)
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
