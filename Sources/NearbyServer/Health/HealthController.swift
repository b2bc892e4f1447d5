import Foundation
import Hummingbird
import NearbyKit
import NearbyService

/// `GET /healthz` (liveness: the process answers, and how current its data
/// is) and `GET /metrics` (Prometheus text, with the dataset's figures read
/// at scrape time).
struct HealthController<Context: RequestContext>: Sendable {
    let service: any PlaceWebService
    let metrics: ServerMetrics
    let json: JSONBody
    let now: @Sendable () -> Date

    /// How long /healthz waits for the store to say what it holds: a probe
    /// must stay quick, and a store that is slow or down leaves the process
    /// alive (the answer is still "ok", without `data`).
    static var patience: Duration { .milliseconds(250) }

    func addRoutes(to router: Router<Context>) {
        router.get("/healthz") { _, _ in
            json.response(await health())
        }
        router.get("/metrics") { _, _ in
            await exposition()
        }
    }

    func health() async -> Health {
        let service = service
        let info = await withTaskGroup(of: DatasetInfo?.self) { group in
            group.addTask { try? await service.datasetInfo() }
            group.addTask {
                try? await Task.sleep(for: Self.patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let info else { return Health() }
        let age = info.replication?.timestamp.map { Int(now().timeIntervalSince($0).rounded(.down)) }
        return Health(data: .init(loadedAt: info.loadedAt, replication: info.replication, ageSeconds: age))
    }

    func exposition() async -> Response {
        if let info = try? await service.datasetInfo() { metrics.recordDataset(info, now: now()) }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
