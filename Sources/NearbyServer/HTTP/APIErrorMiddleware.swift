import Hummingbird
import Logging

/// Gives every failure the API's JSON shape: an unknown path is 404, a known
/// path asked with another method 405, an over-long query string 414, and
/// anything unexpected 500 with one log line, never a stack trace.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let json: JSONBody
    /// Paths the router answers (`/tiles/` matches a prefix), to tell 405 from 404.
    let knownPaths: Set<String>
    let knownPrefixes: [String]
    let maximumQueryLength: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let query = request.uri.query, query.utf8.count > maximumQueryLength {
            return json.error(.invalidRequest, "the query string is longer than \(maximumQueryLength) bytes", http: .uriTooLong)
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // Only the router throws this (its not-found responder): no handler here does.
            let path = request.uri.path
            if request.method != .get, request.method != .head,
               knownPaths.contains(path) || knownPrefixes.contains(where: { path.hasPrefix($0) }) {
                return json.error(.invalidRequest, "\(request.method) is not allowed here; use GET", http: .methodNotAllowed,
                                  extraHeaders: [.allow: "GET, HEAD"])
            }
            return json.error(.notFound, "no such endpoint", http: .notFound)
        } catch let error as any HTTPResponseError {
            return json.error(error.status == .notFound ? .notFound : .invalidRequest, "\(error.status.reasonPhrase)",
                              http: error.status)
        } catch {
            context.logger.error("request failed: \(String(describing: error))")
            return json.error(.unknownError, "internal error", http: .internalServerError)
        }
    }
}
