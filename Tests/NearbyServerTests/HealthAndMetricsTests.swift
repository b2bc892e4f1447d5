import Foundation
import NearbyServer
import Testing

struct HealthAndMetricsTests {
    @Test func livenessAndPrometheusText() async throws {
        let server = try await RunningServer.start()
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
        #expect(try health.json()["status"] as? String == "ok")
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
    }
}
