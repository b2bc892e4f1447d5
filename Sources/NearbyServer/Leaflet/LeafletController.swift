import Foundation
import Hummingbird
import NIOCore
import NearbyViews

/// `GET /leaflet/…`: Debian's Leaflet files (`LeafletFiles`), gzipped where
/// the browser takes it; and `GET /pages/moving-map.js`, nearby's own script
/// that puts the pages' maps on Leaflet. Both change only with a new install,
/// so they are cacheable, with ETags.
struct LeafletController<Context: RequestContext>: Sendable {
    let files: LeafletFiles
    let json: JSONBody
    func addRoutes(to router: Router<Context>) {
        router.get("/leaflet/{name}") { request, context in
            answer(files.files[context.parameters.get("name") ?? ""], request)
        }
        router.get("/leaflet/images/{name}") { request, context in
            answer(files.files["images/" + (context.parameters.get("name") ?? "")], request)
        }
        router.get(RouterPath(MovingMapScript.path)) { request, _ in answer(LeafletFiles.movingMapScript, request) }
    }

    private func answer(_ file: LeafletFiles.File?, _ request: Request) -> Response {
        guard let file else { return json.error(.notFound, "no such file of Leaflet's", http: .notFound) }
        // Each encoding is a representation of its own, with a tag of its own.
        let gzipped = Self.acceptsGzip(request.headers[.acceptEncoding]) ? file.gzipped : nil
        let etag = gzipped == nil ? file.etag : String(file.etag.dropLast()) + "-gzip\""
        var headers: HTTPFields = [.cacheControl: "public, max-age=3600", .eTag: etag, .vary: "Accept-Encoding"]
        if let asked = request.headers[.ifNoneMatch], IfNoneMatch.names(asked, tag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: gzipped ?? file.bytes))
    }

    /// `Accept-Encoding` names gzip, and not with `q=0`.
    static func acceptsGzip(_ field: String?) -> Bool {
        guard let field else { return false }
        return field.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains {
                $0.replacingOccurrences(of: " ", with: "").range(of: #"^q=0(\.0*)?$"#, options: .regularExpression) != nil
            }
        }
    }
}
