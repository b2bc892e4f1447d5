import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Testing

/// `/maps/api/geocode/json` on the Monaco store: Google's Geocoding shape,
/// most specific result first, and Google's way of refusing (HTTP 200,
/// `status` INVALID_REQUEST), which is where Google's clients look.
struct GeocodeTests {
    static let here = "43.7384,7.4246"

    @Test func theAddressHereThenTheAreasItLiesIn() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let answer = try await server.get("/maps/api/geocode/json?latlng=\(Self.here)")
        try await server.stop()
        #expect(answer.status == 200)
        let response = try answer.decode(GeocodeResponse.self)
        #expect(response.status == .ok)
        let first = try #require(response.results.first)
        #expect(first.types == ["route"])
        #expect(first.formattedAddress == "Avenue de la Costa, 98000 Monaco")
        #expect(first.addressComponents.map(\.kind) == [.route, .sublocality, .locality, .country, .postalCode])
        #expect(first.placeID == "w176674530")
        #expect(first.geometry.locationType == "GEOMETRIC_CENTER")
        #expect(response.results.map(\.types.first) == ["route", "political", "postal_code", "locality", "country"])
        let district = response.results[1]
        #expect(district.formattedAddress == "Monte-Carlo, Monaco")
        #expect(district.placeID == "r5986438")
        #expect(district.geometry.bounds != nil)
        // The server's resolution, read back as the HTTP client reads it.
        #expect(response.resolved()?.address.formatted == first.formattedAddress)
    }

    @Test func resultTypeLocationTypeLanguageAndAPlace() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let localities = try await server.get("/maps/api/geocode/json?latlng=\(Self.here)&result_type=locality%7Ccountry")
        let rooftop = try await server.get("/maps/api/geocode/json?latlng=\(Self.here)&location_type=ROOFTOP")
        let macedonian = try await server.get("/maps/api/geocode/json?latlng=43.7415,7.4275&language=mk")
        let place = try await server.get("/maps/api/geocode/json?place_id=n4316767531")
        let unknown = try await server.get("/maps/api/geocode/json?place_id=n1")
        try await server.stop()
        #expect(try localities.decode(GeocodeResponse.self).results.map(\.types.first) == ["locality", "country"])
        #expect(try rooftop.decode(GeocodeResponse.self).status == .zeroResults)
        let districts = try macedonian.decode(GeocodeResponse.self).results.flatMap(\.addressComponents).filter { $0.kind == .sublocality }
        #expect(districts.first?.longName == "Монте Карло")  // its name:mk
        let cafe = try #require(try place.decode(GeocodeResponse.self).results.first)
        #expect(cafe.formattedAddress == "Place du Casino, 98000 Monaco")
        #expect(cafe.geometry.location == PlaceResult.LatLng(lat: 43.7397159, lng: 7.4276948))
        #expect(unknown.status == 200)
        #expect(try unknown.decode(GeocodeResponse.self).status == .notFound)
    }

    /// As Google: HTTP 200, the refusal in `status` and `error_message`.
    @Test func badRequestsAreRefusedAsGoogleRefusesThem() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        var answers: [(String, RunningServer.Answer)] = []
        for query in [
            "", "latlng=91,7.4", "latlng=Monaco", "latlng=43.7", "latlng=\(Self.here)&language=French",
            "latlng=\(Self.here)&location_type=EXACT",
            // Forward: empty, only punctuation or stop words, a control character, past 400 bytes, given twice over.
            "address=", "address=%20", "address=%2C%3B", "address=the%20of", "address=Vaduz%07",
            "address=\(String(repeating: "a", count: 401))",
            "address=Vaduz&latlng=\(Self.here)", "components=country:Monaco", "components=planet:earth", "components=route",
            "address=Vaduz&bounds=43.7,7.4", "address=Vaduz&bounds=43.8,7.4%7C43.7,7.5", "address=Vaduz&region=mco",
        ] {
            answers.append((query, try await server.get("/maps/api/geocode/json?\(query)")))
        }
        let nowhere = try await server.get("/maps/api/geocode/json?latlng=0,0")
        try await server.stop()
        for (query, answer) in answers {
            #expect(answer.status == 200, "\(query)")
            let response = try answer.decode(GeocodeResponse.self)
            #expect(response.status == .invalidRequest, "\(query)")
            #expect(response.results.isEmpty && !(response.errorMessage ?? "").isEmpty, "\(query)")
        }
        #expect(try nowhere.decode(GeocodeResponse.self).status == .zeroResults)
    }

    /// Forward geocoding through the server: Google's shape, and a position
    /// typed as text answered as `latlng` is.
    @Test func anAddressInWords() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let address = try await server.get("/maps/api/geocode/json?address=Avenue%20de%20la%20Costa%2026%2C%2098000%20Monte-Carlo")
        let typed = try await server.get("/maps/api/geocode/json?address=43.7384%2C7.4246")
        let onlyRoutes = try await server.get("/maps/api/geocode/json?address=26%20Avenue%20de%20la%20Costa&result_type=route")
        try await server.stop()
        let first = try #require(try address.decode(GeocodeResponse.self).results.first)
        #expect(first.types == ["street_address"] && first.geometry.locationType == "ROOFTOP" && first.partialMatch == nil)
        #expect(first.formattedAddress == "26 Avenue de la Costa, 98000 Monte-Carlo, Monaco" && first.placeID == "w94399442")
        let position = try #require(try typed.decode(GeocodeResponse.self).results.first)
        #expect(position.formattedAddress == "Avenue de la Costa, 98000 Monaco" && position.placeID == "w176674530")
        #expect(try onlyRoutes.decode(GeocodeResponse.self).status == .zeroResults)
    }

    /// A GeoJSON keeps no address tables: nothing is known anywhere, and the server says so as Google would.
    @Test func aGeoJSONKnowsNoAddress() async throws {
        let server = try await RunningServer.start()
        let answer = try await server.get("/maps/api/geocode/json?latlng=\(Self.here)")
        try await server.stop()
        #expect(try answer.decode(GeocodeResponse.self).status == .zeroResults)
    }
}
