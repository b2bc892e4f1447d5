import Hummingbird
import Logging
import NIOCore
import NearbyKit
import NearbyViews

/// Gives every failure the API's JSON shape (under /v1/, the Places API (New)'s
/// own): an unknown path is 404, a known path asked with another method 405,
/// an over-long query string 414, and
/// anything unexpected 500 with one log line, never a stack trace. A browser
/// (asking for HTML) at an unknown path outside the API gets a readable 404 page.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let json: JSONBody
    /// Paths the router answers (`/tiles/` matches a prefix), to tell 405 from 404.
    let knownPaths: Set<String>
    let knownPrefixes: [String]
    let maximumQueryLength: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let query = request.uri.query, query.utf8.count > maximumQueryLength {
            let message = "the query string is longer than \(maximumQueryLength) bytes"
            if request.uri.path.hasPrefix("/v1/") {
                return RPCError(http: .uriTooLong, status: "INVALID_ARGUMENT", message: message).response(json)
            }
            return json.error(.invalidRequest, message, http: .uriTooLong)
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // Only the router throws this (its not-found responder): no handler here does.
            let path = request.uri.path
            if path.hasPrefix("/v1/") { return Self.placesV1Refusal(request, json: json) }
            if request.method != .get, request.method != .head,
                knownPaths.contains(path) || knownPrefixes.contains(where: { path.hasPrefix($0) })
            {
                return json.error(
                    .invalidRequest, "\(request.method) is not allowed here; use GET", http: .methodNotAllowed,
                    extraHeaders: [.allow: "GET, HEAD"])
            }
            if Self.isForPeople(request) {
                let page = ProblemPage(
                    heading: "No such page", detail: "Nothing is at this address. The home page lists the places around you.")
                return Response(
                    status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: page.html())))
            }
            return json.error(.notFound, "no such endpoint", http: .notFound)
        } catch let error as any HTTPResponseError {
            return json.error(
                error.status == .notFound ? .notFound : .invalidRequest, "\(error.status.reasonPhrase)",
                http: error.status)
        } catch {
            context.logger.error("request failed: \(String(describing: error))")
            return json.error(.unknownError, "internal error", http: .internalServerError)
        }
    }

    /// The Places API (New)'s paths refuse in its own shape (`google.rpc.Status`):
    /// searches are POST, details GET; any other path under /v1/ is unknown.
    private static func placesV1Refusal(_ request: Request, json: JSONBody) -> Response {
        let path = request.uri.path
        let allowed: String? =
            ServerRoutes.placesV1Searches.contains(path) ? "POST" : path.hasPrefix(ServerRoutes.placesV1Details) ? "GET, HEAD" : nil
        guard let allowed else { return RPCError.notFound("no such endpoint: \(TerminalSafeText.escaped(path, limit: 80))").response(json) }
        var response = RPCError(
            http: .methodNotAllowed, status: "UNIMPLEMENTED", message: "\(request.method) is not allowed here; use \(allowed)"
        ).response(json)
        response.headers[.allow] = allowed
        return response
    }

    /// A browser's request for a page: it accepts HTML, and the path is not the API's.
    static func isForPeople(_ request: Request) -> Bool {
        let path = request.uri.path
        guard !["/maps/api/", "/api/", "/tiles/"].contains(where: { path.hasPrefix($0) }) else { return false }
        return request.headers[.accept]?.contains("text/html") == true
    }
}
