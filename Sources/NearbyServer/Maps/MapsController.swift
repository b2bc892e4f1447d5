import Foundation
import HTTPTypes
import Hummingbird
import MapRender
import NIOCore
import NearbyService

/// `GET /maps/api/staticmap`: Google Static Maps requests drawn by
/// MapRender's snapshotter. One snapshotter, and so one warm tile cache,
/// serves every request; each image's tile warnings are its own.
struct MapsController<Context: RequestContext>: Sendable {
    let snapshotter: MapSnapshotter
    let etags: StaticMapETag
    /// Images only change when the server restarts with other tiles, and the
    /// ETag says when: clients may keep them a day, then revalidate.
    static var cacheControl: String { "public, max-age=86400" }

    init(snapshotter: MapSnapshotter, startedAt: Date = Date()) {
        self.snapshotter = snapshotter
        let tiles = snapshotter.tiles
        etags = StaticMapETag(basemapIdentity: [
            tiles.directory.standardizedFileURL.path,
            tiles.onDemand == nil ? "tiles only" : "drawn on demand",
            String(startedAt.timeIntervalSince1970),
        ].joined(separator: "|"))
    }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("staticmap", use: staticMap)
    }

    @Sendable func staticMap(request: Request, context: Context) async throws -> Response {
        guard let query = QueryPairs(request.uri.query.map { Substring($0) } ?? "") else {
            return Self.invalidRequest("the query string has a malformed percent escape or is not UTF-8")
        }
        let mapRequest: StaticMapRequest
        do {
            mapRequest = try StaticMapRequest(parameters: query.pairs)
        } catch {
            return Self.invalidRequest(error.localizedDescription)
        }
        let tag = etags.tag(for: mapRequest)
        if let ifNoneMatch = request.headers[.ifNoneMatch], StaticMapETag.matches(ifNoneMatch, tag: tag) {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: Self.cacheControl])
        }
        let snapshot: MapSnapshot
        let png: [UInt8]
        do {
            // Drawing is synchronous CPU work (the snapshotter decodes tiles on
            // every core itself); it runs on the task's thread, off the event loop.
            snapshot = try snapshotter.snapshot(mapRequest.snapshotOptions)
            png = try snapshot.pngData()
        } catch .projection(let error) {
            // The parser admits only positions on Earth, so this is a location PROJ refused.
            return Self.invalidRequest("a location cannot be drawn: \(error.localizedDescription)")
        } catch {
            context.logger.error("staticmap failed: \(error.localizedDescription)")
            return Self.error(.internalServerError, status: .unknownError, message: "the map could not be drawn")
        }
        var headers: HTTPFields = [.contentType: "image/png", .eTag: tag, .cacheControl: Self.cacheControl]
        if let warning = snapshotter.tiles.warningSummary(snapshot.warnings) {
            headers[Self.warningHeader] = Self.headerSafe(warning)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    static var warningHeader: HTTPField.Name { HTTPField.Name("X-Nearby-Warning")! }

    /// A header value holds visible ASCII and spaces only: anything else a
    /// warning quotes from the file system (a path) is replaced, never sent raw.
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(512).map { scalar in
            (0x20...0x7e).contains(scalar.value) ? scalar : "?"
        }))
    }

    static func invalidRequest(_ message: String) -> Response {
        error(.badRequest, status: .invalidRequest, message: message)
    }

    /// Google's error shape, as the Places endpoints answer it.
    static func error(_ code: HTTPResponse.Status, status: PlacesAPIStatus, message: String) -> Response {
        let json = (try? JSONEncoder().encode(NearbySearchResponse(status: status, errorMessage: message))) ?? Data()
        return Response(status: code, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }
}
