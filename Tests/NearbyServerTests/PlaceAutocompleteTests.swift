import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Testing

/// Google's legacy Place Autocomplete and Query Autocomplete on the Monaco
/// store: predictions in Google's shape, places beside streets, addresses
/// and districts, the types and bounds that narrow them, and Google's way of
/// refusing (HTTP 200, `status` INVALID_REQUEST).
struct PlaceAutocompleteTests {
    static let here = "43.7384,7.4246"

    static func predictions(_ server: RunningServer, _ query: String, route: String = "autocomplete") async throws -> (
        String, [[String: Any]]
    ) {
        let answer = try await server.get("/maps/api/place/\(route)/json?\(query)")
        #expect(answer.status == 200)
        let json = try answer.json()
        return (json["status"] as? String ?? "", json["predictions"] as? [[String: Any]] ?? [])
    }

    @Test func aNameHalfTypedIsThePlaceInGooglesShape() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        let (status, found) = try await Self.predictions(server, "input=Caf%C3%A9%20de%20Par&location=\(Self.here)&origin=\(Self.here)")
        #expect(status == "OK" && (1...5).contains(found.count))
        let first = try #require(found.first)
        #expect(first["place_id"] as? String == "n4316767531" && first["reference"] as? String == "n4316767531")
        let description = try #require(first["description"] as? String)
        #expect(description.hasPrefix("Café de Paris, "))
        let terms = try #require(first["terms"] as? [[String: Any]])
        #expect(terms.first?["value"] as? String == "Café de Paris" && terms.first?["offset"] as? Int == 0)
        #expect(terms.compactMap { $0["value"] as? String }.joined(separator: ", ") == description)
        // "Café" and "de" and "Par": three words' starts, in characters (é one).
        let matched = try #require(first["matched_substrings"] as? [[String: Int]])
        #expect(matched == [["length": 4, "offset": 0], ["length": 2, "offset": 5], ["length": 3, "offset": 8]])
        let formatting = try #require(first["structured_formatting"] as? [String: Any])
        #expect(formatting["main_text"] as? String == "Café de Paris")
        #expect(formatting["secondary_text"] as? String == String(description.dropFirst("Café de Paris, ".count)))
        #expect((first["types"] as? [String])?.contains("cafe") == true)
        #expect((first["distance_meters"] as? Int).map { $0 > 0 && $0 < 1000 } == true)
    }

    @Test func streetsAddressesAndDistrictsAnswerBesidePlaces() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        let (_, street) = try await Self.predictions(server, "input=Avenue%20de%20la%20Cos&types=address")
        #expect((street.first?["description"] as? String)?.hasPrefix("Avenue de la Costa") == true)
        #expect((street.first?["types"] as? [String])?.contains("route") == true)
        let (_, address) = try await Self.predictions(server, "input=26%20Avenue%20de%20la%20Costa&types=geocode")
        #expect(address.first?["place_id"] as? String == "w94399442")
        #expect(address.first?["description"] as? String == "26 Avenue de la Costa, 98000 Monte-Carlo, Monaco")
        let (_, district) = try await Self.predictions(server, "input=Monte-Car&types=(regions)")
        #expect((district.first?["types"] as? [String])?.contains("sublocality") == true)
        // Places only: no street among them.
        let (_, places) = try await Self.predictions(server, "input=Avenue%20de%20la%20Cos&types=establishment")
        #expect(places.allSatisfy { ($0["types"] as? [String])?.contains("establishment") == true })
        // A word typed whole (a space after it) is not a start: "Cos " is no "Costa".
        let (_, whole) = try await Self.predictions(server, "input=Avenue%20de%20la%20Cos%20&types=route")
        #expect(!whole.contains { ($0["description"] as? String)?.hasPrefix("Avenue de la Costa") == true && $0["types"] != nil })
    }

    /// A street's, an address's or a district's id from a prediction reads
    /// back: Geocoding's `place_id=`, legacy Place Details and `/v1`'s.
    @Test func aPredictionsIDReadsBackWhereverAPlaceIDIsRead() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        for (typed, type) in [
            ("Avenue%20de%20la%20Cos", "route"), ("26%20Avenue%20de%20la%20Costa", "street_address"), ("Monte-Car", "sublocality"),
        ] {
            let (_, found) = try await Self.predictions(server, "input=\(typed)&types=geocode")
            let first = try #require(found.first)
            let id = try #require(first["place_id"] as? String)
            let description = try #require(first["description"] as? String)
            let geocoded = try await server.get("/maps/api/geocode/json?place_id=\(id)").decode(GeocodeResponse.self)
            #expect(geocoded.results.map(\.formattedAddress) == [description] && geocoded.results.first?.types.contains(type) == true)
            let details = try await server.get("/maps/api/place/details/json?place_id=\(id)").decode(PlaceDetailsResponse.self)
            #expect(
                details.status == .ok && details.result?.formattedAddress == description && details.result?.types.contains(type) == true)
            let new = try await server.get("/v1/places/\(id)", headers: [("X-Goog-FieldMask", "id,formattedAddress,types")]).json()
            #expect(new["id"] as? String == id && new["formattedAddress"] as? String == description)
        }
        // Neither a place nor an element: each route's own "not found".
        #expect(try await server.get("/maps/api/geocode/json?place_id=w1").decode(GeocodeResponse.self).status == .notFound)
        #expect(try await server.get("/maps/api/place/details/json?place_id=w1").decode(PlaceDetailsResponse.self).status == .notFound)
        #expect(try await server.get("/v1/places/w1", headers: [("X-Goog-FieldMask", "id")]).status == 404)
    }

    /// `/v1/places:autocomplete` suggests the same streets, addresses and
    /// districts beside places, its `includedPrimaryTypes` reading Google's
    /// table B (`route`, `geocode`, `(regions)`), and refusing `address` and
    /// a collection combined, as Google does.
    @Test func placesAPINewSuggestsStreetsAndDistrictsToo() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        let path = "/v1/places:autocomplete"
        func suggested(_ body: String) async throws -> [[String: Any]] {
            let answer = try await server.post(path, json: body)
            #expect(answer.status == 200, "\(body): \(answer.text)")
            let suggestions = try answer.json()["suggestions"] as? [[String: Any]] ?? []
            return suggestions.compactMap { $0["placePrediction"] as? [String: Any] }
        }
        let street = try await suggested(#"{"input": "Avenue de la Cos", "includedPrimaryTypes": ["route"]}"#)
        // One of the street's ways (the data has it in several pieces), the one nearest where the search leans.
        #expect((street.first?["placeId"] as? String)?.hasPrefix("w") == true)
        #expect((street.first?["types"] as? [String])?.contains("route") == true)
        #expect(((street.first?["text"] as? [String: Any])?["text"] as? String)?.hasPrefix("Avenue de la Costa") == true)
        let district = try await suggested(#"{"input": "Monte-Car", "includedPrimaryTypes": ["(regions)"]}"#)
        #expect(!district.isEmpty && district.allSatisfy { ($0["types"] as? [String])?.contains("sublocality") == true })
        // Districts and restaurants: the district first (it answers every word), places after it.
        let origin = #""origin": {"latitude": 43.7384, "longitude": 7.4246}"#
        let both = try await suggested(#"{"input": "Monte-Car", "includedPrimaryTypes": ["sublocality", "restaurant"], \#(origin)}"#)
        #expect((both.first?["types"] as? [String])?.contains("sublocality") == true)
        #expect(both.dropFirst().contains { ($0["types"] as? [String])?.contains("establishment") == true })
        #expect(both.first?["distanceMeters"] as? Int != nil)
        // No types: places only, as before (a keystroke's geocoding costs too much at a million places).
        let places = try await suggested(#"{"input": "Monte-Car"}"#)
        #expect(!places.isEmpty && places.allSatisfy { ($0["types"] as? [String])?.contains("geocode") != true })
        // Places only, by a kind of table A.
        let cafes = try await suggested(#"{"input": "Monte", "includedPrimaryTypes": ["cafe", "restaurant"]}"#)
        #expect(cafes.allSatisfy { ($0["types"] as? [String])?.contains("geocode") != true })
        for refused in [#"["address"]"#, #"["(cities)", "cafe"]"#] {
            let answer = try await server.post(path, json: #"{"input": "Monte", "includedPrimaryTypes": \#(refused)}"#)
            #expect(answer.status == 400, "\(refused)")
        }
    }

    @Test func countriesBoundsAndOffsetNarrowWhatIsRead() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        #expect(try await Self.predictions(server, "input=Caf%C3%A9%20de%20Par&components=country:fr").0 == "ZERO_RESULTS")
        #expect(try await Self.predictions(server, "input=Caf%C3%A9%20de%20Par&components=country:mc").0 == "OK")
        let far = "input=Caf%C3%A9%20de%20Par&location=43.70,7.30&radius=500"
        #expect(try await Self.predictions(server, far + "&strictbounds=true").0 == "ZERO_RESULTS")
        #expect(try await Self.predictions(server, far).0 == "OK", "without strictbounds a bias only")
        let (_, offset) = try await Self.predictions(server, "input=Caf%C3%A9%20de%20Paris%2C%20Monte-Carlo&offset=3")
        #expect(!offset.isEmpty && offset.allSatisfy { ($0["description"] as? String)?.lowercased().contains("caf") == true })
        // Typing has only begun: nothing to suggest, not a mistake.
        #expect(try await Self.predictions(server, "input=-").0 == "ZERO_RESULTS")
    }

    @Test func queryAutocompleteSuggestsSearchesFirst() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        let (_, town) = try await Self.predictions(server, "input=pharmacy%20in%20Monte-Ca", route: "queryautocomplete")
        #expect(town.first?["description"] as? String == "pharmacy in Monte-Carlo")
        #expect(town.first?["place_id"] == nil && town.first?["types"] == nil)
        let (_, kinds) = try await Self.predictions(server, "input=caf&location=\(Self.here)", route: "queryautocomplete")
        #expect(kinds.first?["description"] as? String == "Cafés")
        #expect(kinds.contains { $0["place_id"] != nil })
    }

    @Test(arguments: [
        "", "input=%20", "input=caf%01e", "input=caf&offset=9", "input=caf&offset=-1", "input=caf&radius=500",
        "input=caf&location=43.7,7.4&strictbounds", "input=caf&types=spaceport", "input=caf&types=a|b|c|d|e|f",
        "input=caf&components=country:france", "input=caf&components=locality:Monaco", "input=caf&language=%21%21",
        "input=caf&origin=north", "input=caf&location=43.7,7.4&radius=500&strictbounds=maybe",
    ])
    func badInputIsRefusedInOneLine(query: String) throws {
        #expect(throws: NearbyAPIError.self) { try RequestParsing.autocomplete(query: query, queries: false) }
        do {
            _ = try RequestParsing.autocomplete(query: query, queries: false)
        } catch {
            #expect(!error.localizedDescription.contains("\n"))
        }
    }

    @Test func queryAutocompleteTakesOnlyItsOwnParameters() throws {
        // Google's Query Autocomplete has no types, components, origin or strictbounds: ignored, as Google does.
        let asked = try RequestParsing.autocomplete(query: "input=caf&types=spaceport&strictbounds&origin=north", queries: true)
        #expect(asked.origin == nil && asked.suggestsSearches)
    }
}
