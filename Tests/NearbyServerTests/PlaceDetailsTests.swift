import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Testing

struct PlaceDetailsTests {
    @Test func cafeDeParis() async throws {
        let server = try await RunningServer.start()
        let answer = try await server.get("/maps/api/place/details/json?place_id=n4316767531")
        try await server.stop()
        #expect(answer.status == 200)
        let details = try answer.decode(PlaceDetailsResponse.self)
        #expect(details.status == .ok)
        let result = try #require(details.result)
        #expect(result.name == "Café de Paris")
        #expect(result.website == "https://fr.montecarlosbm.com/restaurant-monaco/brasseries/")
        #expect(result.url == "https://www.openstreetmap.org/node/4316767531")
        #expect(result.geometry.location == PlaceResult.LatLng(lat: 43.7397159, lng: 7.4276948))
        #expect(result.distanceMetres == nil)
        // Nothing known of the hours: no `opening_hours` at all, as Google (never `open_now: null`).
        let json = try answer.json()
        #expect((json["result"] as? [String: Any])?.keys.contains("opening_hours") == false)
    }

    /// A plain weekly value is stated as Google's periods and weekday text.
    @Test func weeklyHoursAreStated() async throws {
        let server = try await RunningServer.start()
        // 'Mo-Sa 08:30-19:30; Su off'
        let answer = try await server.get("/maps/api/place/details/json?place_id=n267885935&at=2021-04-19T10:00:00Z")
        // 'Mo-Fr 08:00-19:00; Sa 08:00-13:00; PH off; 2021 Apr 01-02 08:00-18:30': dated, so not stated.
        let dated = try await server.get("/maps/api/place/details/json?place_id=n1704462960")
        try await server.stop()
        let hours = try #require(try answer.decode(PlaceDetailsResponse.self).result?.openingHours)
        #expect(hours.openNow == true)
        #expect(
            hours.weekdayText == [
                "Monday: 08:30–19:30", "Tuesday: 08:30–19:30", "Wednesday: 08:30–19:30", "Thursday: 08:30–19:30",
                "Friday: 08:30–19:30", "Saturday: 08:30–19:30", "Sunday: Closed",
            ])
        #expect(hours.periods?.count == 6)
        #expect(hours.periods?.first == PlaceResult.Period(open: .init(day: 1, time: "0830"), close: .init(day: 1, time: "1930")))
        let datedHours = try #require(try dated.decode(PlaceDetailsResponse.self).result?.openingHours)
        #expect(datedHours.weekdayText == nil && datedHours.periods == nil)
    }

    @Test func unknownAndMissingPlaces() async throws {
        let server = try await RunningServer.start()
        let unknown = try await server.get("/maps/api/place/details/json?place_id=n42")
        let missing = try await server.get("/maps/api/place/details/json")
        let olderName = try await server.get("/maps/api/place/details/json?placeid=n4316767531&reviews_sort=most_relevant")
        try await server.stop()
        // Google's older parameter name, as its Python client sends it.
        #expect(olderName.status == 200)
        #expect(try olderName.decode(PlaceDetailsResponse.self).result?.placeID == "n4316767531")
        // As Google: HTTP 200, the refusal in the body's status.
        #expect(unknown.status == 200)
        #expect(try unknown.decode(PlaceDetailsResponse.self).status == .notFound)
        #expect(missing.status == 200)
        #expect(try missing.decode(PlaceDetailsResponse.self).status == .invalidRequest)
    }

    @Test func datasetInfo() async throws {
        let server = try await RunningServer.start()
        let answer = try await server.get("/api/dataset")
        try await server.stop()
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        let info = try answer.decode(DatasetInfo.self)
        #expect(info.placeCount == 803)
        #expect(info.timeZone == "Europe/Monaco")
        #expect(info.attribution == "© OpenStreetMap contributors")
        #expect(info.categoryCounts["cafe", default: 0] > 0)
    }
}
