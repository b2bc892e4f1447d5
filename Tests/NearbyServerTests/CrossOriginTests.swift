import Foundation
import NearbyServer
import NearbyService
import Testing

/// `serve --allow-origin`: a browser app on an allowed origin may call the
/// APIs (preflight included); any other origin gets no CORS headers.
struct CrossOriginTests {
    @Test func onlyTheAllowedOriginsGetCORSHeaders() async throws {
        let server = try await RunningServer.start(
            ServerConfiguration(
                service: LocalPlaceService(dataURL: Repository.places, open: LocalPlaceService.readGeoJSON),
                allowedOrigins: ["https://app.example"]))
        let preflight = try await server.get(
            "/v1/places:searchNearby", method: "OPTIONS",
            headers: [
                ("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Headers", "content-type,x-goog-fieldmask"),
            ])
        let allowed = try await server.get("/v1/places/n4316767531?fields=id", headers: [("Origin", "https://app.example")])
        let legacy = try await server.get(
            "/maps/api/place/details/json?place_id=n4316767531", headers: [("Origin", "https://app.example")])
        let other = try await server.get("/v1/places/n4316767531?fields=id", headers: [("Origin", "https://other.example")])
        let otherPreflight = try await server.get(
            "/v1/places:searchNearby", method: "OPTIONS",
            headers: [("Origin", "https://other.example"), ("Access-Control-Request-Method", "POST")])
        try await server.stop()

        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-origin"] == "https://app.example")
        #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
        #expect(preflight.headers["access-control-allow-headers"]?.contains("x-goog-fieldmask") == true)
        for answer in [allowed, legacy] {
            #expect(answer.status == 200 && answer.headers["access-control-allow-origin"] == "https://app.example")
            #expect(answer.headers["vary"]?.contains("Origin") == true)
        }
        #expect(other.status == 200 && other.headers["access-control-allow-origin"] == nil)
        #expect(otherPreflight.headers["access-control-allow-origin"] == nil)
    }

    @Test func noneByDefault() async throws {
        let server = try await RunningServer.start()
        let answer = try await server.get("/v1/places/n4316767531?fields=id", headers: [("Origin", "https://app.example")])
        try await server.stop()
        #expect(answer.status == 200 && answer.headers["access-control-allow-origin"] == nil)
    }
}
