import Hummingbird

/// Counts and times every request by route pattern (`/tiles/:z/:x/{y}.png`,
/// so the label set stays small), method and final status. Hummingbird's
/// own `MetricsMiddleware` does the same through the process-wide metrics
/// system; this one writes to the server's registry (see `ServerMetrics`).
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            record(request, context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
        record(request, context, status: response.status.code, since: start)
        return response
    }

    private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        metrics.recordRequest(
            route: context.endpointPath ?? "NotFound", method: request.method.rawValue, status: status,
            nanoseconds: nanoseconds)
    }
}
