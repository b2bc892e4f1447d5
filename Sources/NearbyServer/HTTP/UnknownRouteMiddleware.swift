import HTTPTypes
import Hummingbird
import NIOCore
import NearbyKit
import NearbyViews

/// What the router answers when no route takes a request: 405 with `Allow`
/// when a route has the path but not the method, else 404 — under /v1/ in
/// the Places API (New)'s shape (`google.rpc.Status`), a browser outside the
/// API a readable page, anything else the legacy API's JSON.
///
/// Added to the router after every controller has added its routes, so it
/// wraps only the router's not-found answer, and its table of paths is read
/// from the router itself: each path is written once, where it is answered.
struct UnknownRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes' paths and the methods each is answered with.
    struct Routes: Sendable {
        private let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]

        /// The router's routes as they stand; a GET brings its HEAD (`autoGenerateHeadEndpoints`).
        init(_ router: Router<Context>) {
            var routes: [(path: RouterPath, methods: [HTTPRequest.Method])] = []
            for route in router.routes {
                let methods = route.method == .get ? [HTTPRequest.Method.get, .head] : [route.method]
                if let index = routes.firstIndex(where: { $0.path == route.path }) {
                    routes[index].methods += methods.filter { !routes[index].methods.contains($0) }
                } else {
                    routes.append((route.path, methods))
                }
            }
            self.routes = routes
        }

        /// The methods some route answers at `path`, in the order registered; nil when no route has the path.
        func methods(at path: String) -> [HTTPRequest.Method]? {
            let components = path.split(separator: "/")
            let methods = routes.filter { route in
                route.path.count == components.count && zip(route.path, components).allSatisfy { $0 ~= $1 }
            }.flatMap(\.methods)
            return methods.isEmpty ? nil : methods
        }
    }

    let routes: Routes
    let json: JSONBody

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // Only the router throws this (its not-found responder): no handler here does.
            let path = request.uri.path
            let methods = routes.methods(at: path)
            let allowed = methods?.map(\.rawValue).joined(separator: ", ")
            if path.hasPrefix("/v1/") {
                guard let allowed else {
                    return RPCError.notFound("no such endpoint: \(TerminalSafeText.escaped(path, limit: 80))").response(json)
                }
                var response = RPCError(
                    http: .methodNotAllowed, status: "UNIMPLEMENTED", message: "\(request.method) is not allowed here; use \(allowed)"
                ).response(json)
                response.headers[.allow] = allowed
                return response
            }
            if let methods, let allowed {
                let use = methods.filter { $0 != .head }.map(\.rawValue).joined(separator: ", ")
                return json.error(
                    .invalidRequest, "\(request.method) is not allowed here; use \(use)", http: .methodNotAllowed,
                    extraHeaders: [.allow: allowed])
            }
            if APIErrorMiddleware<Context>.isForPeople(request) {
                let page = ProblemPage(
                    heading: "No such page", detail: "Nothing is at this address. The home page lists the places around you.")
                return Response(
                    status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: page.html())))
            }
            return json.error(.notFound, "no such endpoint", http: .notFound)
        }
    }
}
