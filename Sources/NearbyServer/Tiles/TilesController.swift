import Foundation
import Hummingbird
import MapRender

/// `GET /tiles/{z}/{x}/{y}.png`: the basemap, cacheable (Cache-Control,
/// ETag, 304 on If-None-Match); with `clear=`, without the names under a
/// moving map's pins (`TilePath.clearance`).
struct TilesController<Context: RequestContext>: Sendable {
    let store: TileStore
    let json: JSONBody

    func addRoutes(to router: Router<Context>) {
        router.get("/tiles/:z/:x/{y}.png") { request, context in
            await tile(request, context: context)
        }
    }

    func tile(_ request: Request, context: Context) async -> Response {
        let key: TileKey
        do {
            key = try RequestParsing.tile(z: context.parameters.get("z"), x: context.parameters.get("x"), y: context.parameters.get("y"))
        } catch {
            return error == .malformed
                ? json.error(.invalidRequest, "tile coordinates must be whole numbers: /tiles/{z}/{x}/{y}.png", http: .badRequest)
                : json.error(.notFound, "no such tile", http: .notFound)
        }
        let clearance: LabelClearance
        do {
            clearance = try RequestParsing.tileClearance(query: request.uri.query, of: key)
        } catch {
            guard case .request(let reason) = error.fault else {
                return json.error(.invalidRequest, "a malformed query", http: .badRequest)
            }
            return json.error(.invalidRequest, reason, http: .badRequest)
        }
        let tile: TileStore.Tile
        do {
            tile = try await store.tile(key, clearOf: clearance)
        } catch {
            switch error {
            case .missing:
                return json.error(.notFound, "no tile \(key) in this tile set", http: .notFound)
            case .notPNG(let reason):
                if let reason { context.logger.warning("\(reason)") }
                return json.error(.notFound, "no tile \(key) in this tile set", http: .notFound)
            case .unreadable(let reason):
                context.logger.error("tile \(key): \(reason)")
                return json.error(.unknownError, "the tile \(key) cannot be served", http: .internalServerError)
            case .busy:
                return DrawingPool.refusal(json)
            }
        }
        var headers: HTTPFields = [.cacheControl: "public, max-age=86400", .eTag: tile.etag]
        if let asked = request.headers[.ifNoneMatch], IfNoneMatch.names(asked, tag: tile.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: tile.bytes))
    }
}
