import Hummingbird
import NearbyService

/// `GET /healthz` (liveness: the process answers) and `GET /metrics`
/// (Prometheus text, with the dataset's figures read at scrape time).
struct HealthController<Context: RequestContext>: Sendable {
    let service: any PlaceWebService
    let metrics: ServerMetrics

    func addRoutes(to router: Router<Context>) {
        router.get("/healthz") { _, _ in
            JSONBody.response(ByteBuffer(string: #"{"status":"ok"}"#))
        }
        router.get("/metrics") { _, _ in
            await exposition()
        }
    }

    func exposition() async -> Response {
        if let info = try? await service.datasetInfo() { metrics.recordDataset(info) }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
