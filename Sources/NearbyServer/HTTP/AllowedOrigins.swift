import Hummingbird

/// Cross-origin requests from the web pages of other sites (a browser app
/// calling the Places API from its own origin): answered with CORS headers,
/// preflights included, when the request's `Origin` is one of `origins`
/// (`*`: any). Others get no CORS headers, so browsers keep their answers
/// from the page that asked. Hummingbird's `CORSMiddleware` writes the
/// headers; this decides whom it writes them for.
struct AllowedOrigins<Context: RequestContext>: RouterMiddleware {
    let origins: Set<String>
    private let cors = CORSMiddleware<Context>(
        allowOrigin: .originBased,
        allowHeaders: [.accept, .contentType, .origin, .xGoogFieldMask, .xGoogApiKey, .ifNoneMatch],
        allowMethods: [.get, .head, .post, .options],
        exposedHeaders: ["ETag", "Retry-After"],
        maxAge: .seconds(600))

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin], origins.contains("*") || origins.contains(origin) else {
            return try await next(request, context)
        }
        return try await cors.handle(request, context: context, next: next)
    }
}

extension HTTPFields.Element.Name {
    static let xGoogApiKey = Self("X-Goog-Api-Key")!
}
