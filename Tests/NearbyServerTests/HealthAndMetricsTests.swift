import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Testing

struct HealthAndMetricsTests {
    /// An hour after Data/places.geojson's replication timestamp (2021-04-21T20:21:46Z).
    static let anHourOn = Date(timeIntervalSince1970: 1_619_036_506 + 3600)

    @Test func livenessAndPrometheusText() async throws {
        let server = try await RunningServer.start(now: { Self.anHourOn })
        let health = try await server.get("/healthz")
        _ = try await server.get("/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=1500")
        _ = try await server.get("/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=1500")
        // Refused in the body with HTTP 200, as Google's Places routes refuse.
        _ = try await server.get("/maps/api/place/nearbysearch/json?location=nowhere")
        _ = try await server.get("/maps/api/staticmap?size=0x0")
        _ = try await server.get("/nope")
        let metrics = try await server.get("/metrics")
        try await server.stop()

        #expect(health.status == 200)
        let body = try health.json()
        #expect(body["status"] as? String == "ok")
        // How current the data is: Data/places.geojson's replication state, and its age now.
        let data = try #require(body["data"] as? [String: Any])
        let replication = try #require(data["replication"] as? [String: Any])
        #expect(replication["timestamp"] as? String == "2021-04-21T20:21:46Z")
        #expect(replication["sequence"] as? Int == 2947)
        #expect(data["age_seconds"] as? Int == 3600)
        #expect(data["loaded_at"] is String)
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = metrics.text.split(separator: "\n").map(String.init)
        func value(_ prefix: String) -> Double? {
            lines.first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        #expect(value(#"http_requests_total{route="/maps/api/place/nearbysearch/json",method="GET",status="200"}"#) == 3)
        #expect(value(#"http_requests_total{route="/maps/api/staticmap",method="GET",status="400"}"#) == 1)
        #expect(value(#"http_requests_total{route="NotFound",method="GET",status="404"}"#) == 1)
        #expect(value(#"http_request_duration_seconds_count{route="/maps/api/place/nearbysearch/json",method="GET",status="200"}"#) == 3)
        #expect(lines.contains { $0.hasPrefix(#"http_request_duration_seconds_bucket{route="/healthz""#) })
        #expect(value("nearby_dataset_places") == 803)
        let loaded = try #require(value("nearby_dataset_loaded_timestamp_seconds"))
        #expect(abs(loaded - Date().timeIntervalSince1970) < 3600)
        // Data/places.geojson's replication state: 2021-04-21T20:21:46Z, sequence 2947.
        #expect(value("nearby_dataset_replication_timestamp_seconds") == 1_619_036_506)
        #expect(value("nearby_dataset_replication_sequence") == 2947)
        #expect(value("nearby_dataset_replication_lag_seconds") == 3600)
    }

    /// A store that is down, or that does not answer within /healthz's
    /// patience, leaves the process alive: "ok", without the data's state.
    @Test(arguments: [false, true])
    func aStoreDownOrSlowLeavesLivenessOK(slow: Bool) async throws {
        let outage = Outage()
        let base = LocalPlaceService(dataURL: Repository.places)
        let service: any ReloadablePlaceService =
            slow ? HangingInfoService(base: base, hanging: outage) : FailingService(base: base, failing: outage)
        let server = try await RunningServer.start(NearbyServer.ServerConfiguration(service: service))
        outage.started.withLock { $0 = true }
        let health = try await server.get("/healthz")
        try await server.stop()
        #expect(health.status == 200)
        let body = try health.json()
        #expect(body["status"] as? String == "ok")
        #expect(body["data"] == nil)
    }
}

/// A local service whose dataset info, once the outage has started, never
/// comes: it waits until cancelled, as a request to a stalled database does.
struct HangingInfoService: ReloadablePlaceService {
    let base: LocalPlaceService
    let hanging: Outage

    func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] { try await base.fetchPlaces(query) }
    func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place { try await base.fetchPlace(id: id) }
    func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        if hanging.started.withLock({ $0 }) {
            try? await Task.sleep(for: .seconds(3600))
            throw .storeUnavailable(url: "postgresql://127.0.0.1/nearby", reason: "did not answer")
        }
        return try await base.datasetInfo()
    }
    func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        try await base.address(at: position, language: language)
    }
    func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        try await base.geocode(request)
    }
    func reload() async throws(NearbyAPIError) -> DatasetInfo { try await base.reload() }
    func isBehindItsSource() -> Bool { base.isBehindItsSource() }
}
