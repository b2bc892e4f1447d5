import Hummingbird
import Logging

/// Gives every failure the API's JSON shape (under /v1/, the Places API (New)'s
/// own): an over-long query string 414, and anything unexpected 500 with one
/// log line, never a stack trace. (An unknown path, 404, and a known path asked
/// with another method, 405, are `UnknownRouteMiddleware`'s.)
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let json: JSONBody
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
        } catch let error as any HTTPResponseError {
            return json.error(
                error.status == .notFound ? .notFound : .invalidRequest, "\(error.status.reasonPhrase)",
                http: error.status)
        } catch {
            context.logger.error("request failed: \(String(describing: error))")
            return json.error(.unknownError, "internal error", http: .internalServerError)
        }
    }

    /// A browser's request for a page: it accepts HTML, and the path is not the API's.
    static func isForPeople(_ request: Request) -> Bool {
        let path = request.uri.path
        guard !["/maps/api/", "/api/", "/tiles/"].contains(where: { path.hasPrefix($0) }) else { return false }
        return request.headers[.accept]?.contains("text/html") == true
    }
}
