import Foundation
import NearbyKit
import NearbyService
import Synchronization
import Testing

@testable import NearbyServer

/// The Places API (New) on a real server: searchNearby and Place Details,
/// field masks, proto3 JSON bodies and Google's error shape.
/// Tests/GoogleClients/places_new.py checks the same with Google's own client.
struct PlacesAPINewTests {
    static let search = "/v1/places:searchNearby"
    static let here = #"{"latitude": 43.7384, "longitude": 7.4246}"#
    static func circle(radius: Double = 1500) -> String {
        #""locationRestriction": {"circle": {"center": {"latitude": 43.7384, "longitude": 7.4246}, "radius": \#(radius)}}"#
    }

    static func places(_ answer: RunningServer.Answer) throws -> [[String: Any]] {
        try answer.json()["places"] as? [[String: Any]] ?? []
    }

    @Test func searchNearbyRanksByDistanceOrProminenceWithTheMaskedFieldsOnly() async throws {
        let server = try await RunningServer.start()
        let mask = [("X-Goog-FieldMask", "places.id,places.displayName")]
        let nearest = try await server.post(
            Self.search, json: #"{"includedTypes": ["cafe"], "rankPreference": "DISTANCE", \#(Self.circle())}"#, headers: mask)
        // snake_case names and enums by number, as proto3 JSON allows.
        let popular = try await server.post(
            Self.search, json: #"{"included_types": ["cafe"], "rank_preference": 2, "max_result_count": 3, \#(Self.circle())}"#,
            headers: mask)
        try await server.stop()

        #expect(nearest.status == 200)
        let ids = try Self.places(nearest).compactMap { $0["id"] as? String }
        #expect(ids.prefix(3) == ["n3087468543", "n3087468610", "n4316767531"])
        #expect(ids.count == 18)
        #expect(try Self.places(nearest).allSatisfy { Set($0.keys) == ["id", "displayName"] })
        // Café de Paris has its own Wikidata item and names in other languages.
        #expect(try Self.places(popular).compactMap { $0["id"] as? String }.first == "n4316767531")
        #expect(try Self.places(popular).count == 3)
        #expect(try popular.json()["nextPageToken"] == nil, "not in the mask")
    }

    /// nearby's extension: nextPageToken until every match is read, none twice.
    @Test func everyMatchCanBeReadPageByPage() async throws {
        let server = try await RunningServer.start()
        let mask = [("X-Goog-FieldMask", "places.id,nextPageToken")]
        var ids: [String] = []
        var body = #"{\#(Self.circle()), "maxResultCount": 20}"#
        var pages = 0
        while pages < 100 {
            let answer = try await server.post(Self.search, json: body, headers: mask)
            #expect(answer.status == 200)
            ids += try Self.places(answer).compactMap { $0["id"] as? String }
            pages += 1
            guard let token = try answer.json()["nextPageToken"] as? String else { break }
            body = #"{"pageToken": "\#(token)"}"#
        }
        let forged = try await server.post(Self.search, json: #"{"pageToken": "bm90LWEtdG9rZW4"}"#, headers: mask)
        try await server.stop()
        #expect(ids.count == 778 && Set(ids).count == 778 && pages == 39)
        #expect(forged.status == 400)
    }

    /// Google's finer types narrow nearby's kinds by OpenStreetMap's tags.
    /// The reference: the named `amenity=restaurant` or `fast_food` elements
    /// of Data/monaco.osm.pbf whose `cuisine` lists `italian`, read from
    /// `osmium tags-filter -f opl Data/monaco.osm.pbf nwr/cuisine`.
    static let italian: Set = [
        "n1306031292", "n1661221265", "n1794111136", "n3925344273", "n4986231523", "n5879535781", "n5932060633",
        "n6635166686", "n6866125455", "n7281483697", "n7778324711", "n7822671885", "n7926333297", "n8269726062",
        "n8485736228", "w161883155",
    ]

    @Test func googlesFinerTypesNarrowByOpenStreetMapsTags() async throws {
        let server = try await RunningServer.start()
        let wide = Self.circle(radius: 50_000)
        let italian = try await Self.everyPage(server, Self.search, #"{"includedTypes": ["italian_restaurant"], \#(wide)}"#)
        let restaurants = try await Self.everyPage(server, Self.search, #"{"includedTypes": ["restaurant"], \#(wide)}"#)
        let others = try await Self.everyPage(
            server, Self.search, #"{"includedTypes": ["restaurant"], "excludedTypes": ["italian_restaurant"], \#(wide)}"#)
        let shown = try await server.post(
            Self.search, json: #"{"includedPrimaryTypes": ["italian_restaurant"], "maxResultCount": 1, \#(wide)}"#,
            headers: [("X-Goog-FieldMask", "places.primaryType,places.types")])
        // In Google's table, and nothing in OpenStreetMap that nearby keeps.
        let tyres = try await server.post(
            Self.search, json: #"{"includedTypes": ["tire_shop"], \#(wide)}"#, headers: [("X-Goog-FieldMask", "*")])
        try await server.stop()

        #expect(Set(italian.map(\.id)) == Self.italian)
        #expect(Set(others.map(\.id)) == Set(restaurants.map(\.id)).subtracting(Self.italian))
        let place = try #require(try Self.places(shown).first)
        #expect(place["primaryType"] as? String == "italian_restaurant")
        #expect((place["types"] as? [String])?.starts(with: ["italian_restaurant"]) == true)
        #expect(try tyres.status == 200 && tyres.json().isEmpty)
    }

    /// Every row of Google's table names nearby's kinds and tags as it means to.
    @Test func everyTypeInGooglesTableReadsIntoKinds() throws {
        #expect(PlacesAPINewPlaceTypes.table.count == 478)
        let file = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Repository.root.appendingPathComponent("Data/google-place-types.json")))
        let sections = try #require((file as? [String: Any])?["types"] as? [String: [String: Any]])
        for (name, row) in sections.values.flatMap({ $0 }) {
            guard let row = row as? String else { continue }
            let words = row.split(separator: "|")[0].split(separator: " ")
            let type = try #require(PlacesAPINewPlaceTypes.table[name])
            #expect(words.allSatisfy { PlaceCategory(rawValue: String($0)) != nil || $0.hasPrefix("@") }, "\(name): \(row)")
            #expect(!type.kinds.isEmpty, "\(name): \(row)")
            #expect(type.conditions.count == row.filter { $0 == "=" }.count, "\(name): \(row)")
        }
    }

    /// Every page of a search, read through its `nextPageToken`s: the places' ids and positions.
    static func everyPage(_ server: RunningServer, _ path: String, _ body: String) async throws -> [(id: String, at: [String: Double])] {
        var found: [(id: String, at: [String: Double])] = []
        var body = body
        for _ in 0..<100 {
            let answer = try await server.post(path, json: body, headers: [("X-Goog-FieldMask", "places.id,places.location,nextPageToken")])
            #expect(answer.status == 200)
            found += try places(answer).map { ($0["id"] as? String ?? "", $0["location"] as? [String: Double] ?? [:]) }
            guard let token = try answer.json()["nextPageToken"] as? String else { break }
            body = #"{"pageToken": "\#(token)"}"#
        }
        return found
    }

    @Test func searchTextFindsByNameAndKindWithinARectangleOrLeaningToAPoint() async throws {
        let server = try await RunningServer.start()
        let text = "/v1/places:searchText"
        let mask = [("X-Goog-FieldMask", "places.id")]
        let byName = try await server.post(text, json: #"{"textQuery": "cafe de paris"}"#, headers: mask)
        let everywhere = try await Self.everyPage(server, text, #"{"textQuery": "restaurant"}"#)
        let inside = try await Self.everyPage(
            server, text,
            #"""
            {"textQuery": "restaurant", "locationRestriction": {"rectangle":
             {"low": {"latitude": 43.725, "longitude": 7.41}, "high": {"latitude": 43.74, "longitude": 7.43}}}}
            """#)
        let bias = #""locationBias": {"circle": {"center": {"latitude": 43.7384, "longitude": 7.4246}, "radius": 500}}"#
        let nearest = try await server.post(
            text, json: #"{"textQuery": "restaurant", "rankPreference": "DISTANCE", "maxResultCount": 3, \#(bias)}"#,
            headers: [("X-Goog-FieldMask", "places.id,places.location")])
        let typed = try await server.post(
            text, json: #"{"textQuery": "grace", "includedType": "hospital", "languageCode": "en"}"#,
            headers: [("X-Goog-FieldMask", "places.id,places.displayName")])
        let rectangle =
            #""locationRestriction": {"rectangle": {"low": {"latitude": 43, "longitude": 7}, "high": {"latitude": 44, "longitude": 8}}}"#
        let both = try await server.post(text, json: #"{"textQuery": "x", \#(bias), \#(rectangle)}"#, headers: mask)
        let none = try await server.post(text, json: #"{"pageSize": 3}"#, headers: mask)
        let noWord = try await server.post(text, json: #"{"textQuery": "!!!"}"#, headers: mask)
        try await server.stop()

        #expect(try Self.places(byName).compactMap { $0["id"] as? String } == ["n4316767531", "w157719660"])
        // The restricted answer is exactly the unrestricted one's places inside the rectangle.
        let expected = everywhere.filter {
            (43.725...43.74).contains($0.at["latitude"] ?? 0) && (7.41...7.43).contains($0.at["longitude"] ?? 0)
        }
        #expect(Set(inside.map(\.id)) == Set(expected.map(\.id)) && inside.count == expected.count)
        #expect(inside.count > 20 && inside.count < everywhere.count)
        // Nearest first from where the search leans; the deprecated maxResultCount still sizes the page.
        let here = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        let distances = try Self.places(nearest).map {
            let at = $0["location"] as? [String: Double] ?? [:]
            return Geodesic.distance(from: here, to: try Coordinate(latitude: at["latitude"] ?? 0, longitude: at["longitude"] ?? 0))
        }
        #expect(distances.count == 3 && distances == distances.sorted())
        let typedPlaces = try Self.places(typed)
        #expect(typedPlaces.first?["id"] as? String == "w49209406")
        #expect((typedPlaces.first?["displayName"] as? [String: String])?["text"] == "Princess Grace Hospital")
        #expect(both.status == 400 && none.status == 400)
        #expect(noWord.status == 200 && noWord.text == "{}")
    }

    @Test func autocompleteSuggestsPlacesAndKindsAsTyped() async throws {
        let server = try await RunningServer.start()
        let path = "/v1/places:autocomplete"
        let typed = try await server.post(
            path, json: #"{"input": "cafe de paris", "inputOffset": 9, "origin": {"latitude": 43.7384, "longitude": 7.4246}}"#)
        let kinds = try await server.post(path, json: #"{"input": "caf", "includeQueryPredictions": true}"#)
        // Leaning nowhere is leaning to the middle of the data, where a page with no position starts.
        let middle = try #require(try PlacesDataset.load(from: Repository.places).center)
        let fromMiddle = try await server.post(
            path, json: #"{"input": "caf", "origin": {"latitude": \#(middle.latitude), "longitude": \#(middle.longitude)}}"#)
        let restricted = try await server.post(
            path,
            json: #"{"input": "hotel", "locationRestriction": {"circle": {"center": \#(Self.here), "radius": 300}}}"#)
        let elsewhere = try await server.post(path, json: #"{"input": "pharm", "includedRegionCodes": ["fr"]}"#)
        let empty = try await server.post(path, json: #"{"input": " "}"#)
        let noWord = try await server.post(path, json: #"{"input": "- ", "includedRegionCodes": ["mc"]}"#)
        try await server.stop()

        let suggestions = try #require(try typed.json()["suggestions"] as? [[String: Any]])
        let first = try #require(suggestions.first?["placePrediction"] as? [String: Any])
        #expect(first["placeId"] as? String == "n4316767531" && first["place"] as? String == "places/n4316767531")
        #expect(first["distanceMeters"] as? Int == 289)
        let main = try #require((first["structuredFormat"] as? [String: Any])?["mainText"] as? [String: Any])
        #expect(main["text"] as? String == "Café de Paris")
        #expect(
            main["matches"] as? [[String: Int]] == [
                ["endOffset": 4], ["startOffset": 5, "endOffset": 7], ["startOffset": 8, "endOffset": 9],
            ])
        #expect(suggestions.count <= 5)

        let all = try #require(try kinds.json()["suggestions"] as? [[String: Any]])
        let query = all.compactMap { $0["queryPrediction"] as? [String: Any] }
        #expect((query.first?["text"] as? [String: Any])?["text"] as? String == "Cafés")
        #expect(all.filter { $0["placePrediction"] != nil }.count == 5)
        func placeIDs(_ answer: [[String: Any]]) -> [String] {
            answer.compactMap { ($0["placePrediction"] as? [String: Any])?["placeId"] as? String }
        }
        #expect(placeIDs(all) == placeIDs(try #require(try fromMiddle.json()["suggestions"] as? [[String: Any]])))

        let near = try #require(try restricted.json()["suggestions"] as? [[String: Any]])
        #expect(placeIDs(near).first == "r8280869")
        #expect(elsewhere.status == 200 && elsewhere.text == "{}")
        #expect(empty.status == 400)
        #expect(noWord.status == 200 && noWord.text == "{}")
    }

    /// Photos from the images OSM names; their media as Google serves it (a redirect, or the address).
    @Test func photosAndTheirMedia() async throws {
        let scratch = try ScratchFolder()
        let server = try await PagesTests.serving(
            in: scratch,
            Place(
                id: "n99", name: "Musée", category: .museum, coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246),
                imageURL: "https://example.org/musee.jpg", tags: ["wikimedia_commons": "File:Musée de Monaco.jpg"]))
        let place = try await server.get("/v1/places/n99?fields=photos")
        let redirect = try await server.get("/v1/places/n99/photos/commons/media?maxWidthPx=400", followingRedirects: false)
        let address = try await server.get("/v1/places/n99/photos/image/media?max_height_px=300&skipHttpRedirect=true")
        let noSize = try await server.get("/v1/places/n99/photos/image/media")
        let tooLarge = try await server.get("/v1/places/n99/photos/image/media?maxWidthPx=4801")
        let noPhoto = try await server.get("/v1/places/n4316767531/photos/image/media?maxWidthPx=400")
        let page = try await server.get("/place/n99")
        try await server.stop()

        let photos = try #require(try place.json()["photos"] as? [[String: Any]])
        #expect(photos.compactMap { $0["name"] as? String } == ["places/n99/photos/image", "places/n99/photos/commons"])
        #expect(redirect.status == 302)
        #expect(redirect.headers["location"] == "https://commons.wikimedia.org/wiki/Special:FilePath/Mus%C3%A9e_de_Monaco.jpg?width=400")
        #expect(
            try address.json() as? [String: String] == [
                "name": "places/n99/photos/image/media", "photoUri": "https://example.org/musee.jpg",
            ])
        #expect(noSize.status == 400 && tooLarge.status == 400 && noPhoto.status == 404)
        // The detail page links to the image, and loads nothing from elsewhere.
        #expect(page.text.contains(#"<a href="https://example.org/musee.jpg" rel="nofollow noopener">View the image</a>"#))
        #expect(!page.text.contains("<img src=\"https://example.org"))
    }

    /// The fields OSM states and Google names otherwise, from a place's tags;
    /// `currentOpeningHours` dated from a fixed clock, a holiday rule included.
    @Test func amenitiesChargersAndTheWeekAheadFromTheTags() async throws {
        let scratch = try ScratchFolder()
        var dataset = try PlacesDataset.load(from: Repository.places)
        let here = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        dataset.places += [
            Place(
                id: "n98", name: "Borne", category: try #require(PlaceCategory(rawValue: "charging_station")), coordinate: here,
                tags: [
                    "socket:type2": "4", "socket:type2:output": "22 kW", "socket:type2_combo": "2",
                    "socket:type2_combo:output": "150000 W", "socket:chademo": "yes", "socket:schuko": "1",
                ]),
            Place(
                id: "n97", name: "Chez Nous", category: .restaurant, coordinate: here,
                // Closed on the Wednesday of the test's week, 2021-04-21, by a dated rule.
                openingHours: "Mo-Sa 12:00-14:30, 19:00-23:00; 2021 Apr 21 off",
                tags: ["highchair": "yes", "toilets": "yes", "reservation": "required", "live_music": "no"]),
        ]
        let file = scratch.url.appendingPathComponent("places.geojson")
        try dataset.encoded().write(to: file, options: .atomic)
        // Tuesday 2021-04-20, 13:00 in Monaco.
        let server = try await RunningServer.start(data: file, now: { testInstant("2021-04-20T13:00:00+02:00") })
        let charger = try await server.get("/v1/places/n98?fields=evChargeOptions,viewport,goodForChildren")
        let numbers = try await server.get("/v1/places/n98?fields=evChargeOptions&$alt=json;enum-encoding=int")
        let restaurant = try await server.get(
            "/v1/places/n97?fields=goodForChildren,restroom,reservable,liveMusic,currentOpeningHours,regularOpeningHours")
        try await server.stop()

        let options = try #require(try charger.json()["evChargeOptions"] as? [String: Any])
        // The CHAdeMO socket says `yes`, no count: it is not counted.
        #expect(options["connectorCount"] as? Int == 7)
        let byType = (options["connectorAggregation"] as? [[String: Any]] ?? []).map {
            "\($0["type"] ?? "") \($0["count"] ?? "") \($0["maxChargeRateKw"] ?? "-")"
        }
        #expect(
            byType == [
                "EV_CONNECTOR_TYPE_CCS_COMBO_2 2 150", "EV_CONNECTOR_TYPE_TYPE_2 4 22", "EV_CONNECTOR_TYPE_UNSPECIFIED_WALL_OUTLET 1 -",
            ])
        let typeNumbers = ((try numbers.json()["evChargeOptions"] as? [String: Any])?["connectorAggregation"] as? [[String: Any]])?
            .compactMap { $0["type"] as? Int }
        #expect(typeNumbers == [6, 3, 9])
        let viewport = try #require(try charger.json()["viewport"] as? [String: [String: Double]])
        #expect(abs((viewport["high"]?["latitude"] ?? 0) - (viewport["low"]?["latitude"] ?? 0) - 0.01) < 1e-9)
        #expect(try charger.json()["goodForChildren"] == nil, "nothing says so")

        let place = try restaurant.json()
        #expect(place["goodForChildren"] as? Bool == true && place["restroom"] as? Bool == true)
        #expect(place["reservable"] as? Bool == true && place["liveMusic"] as? Bool == false)
        let current = try #require(place["currentOpeningHours"] as? [String: Any])
        let regular = try #require(place["regularOpeningHours"] as? [String: Any])
        #expect(current["openNow"] as? Bool == true)
        // Tuesday to Monday, less the Wednesday and the Sunday: 5 days of two spans.
        let periods = try #require(current["periods"] as? [[String: [String: Any]]])
        #expect(periods.count == 10)
        let first = try #require(periods.first?["open"])
        #expect(first["day"] as? Int == 2 && first["hour"] as? Int == 12 && first["minute"] as? Int == 0)
        #expect(first["date"] as? [String: Int] == ["year": 2021, "month": 4, "day": 20])
        #expect(!periods.contains { ($0["open"]?["date"] as? [String: Int])?["day"] == 21 })
        let days = current["weekdayDescriptions"] as? [String]
        #expect(days?.first == "Monday: 12:00–14:30, 19:00–23:00")
        #expect(days?.contains("Wednesday: Closed") == true && days?.contains("Sunday: Closed") == true)
        #expect(regular["periods"] == nil, "a dated rule is no plain week")
    }

    /// Answers are cached like the legacy API's: open now holds until the first place shown opens or closes.
    @Test func openNowFollowsTheClockThroughTheCache() async throws {
        let clock = Mutex(testInstant("2021-04-19T23:59:00+02:00"))
        let server = try await RunningServer.start(now: { clock.withLock { $0 } })
        let body = #"{"textQuery": "restaurant", "openNow": true}"#
        let mask = [("X-Goog-FieldMask", "places.id,places.regularOpeningHours")]
        let text = "/v1/places:searchText"
        let beforeMidnight = try Self.places(try await server.post(text, json: body, headers: mask))
        let again = try Self.places(try await server.post(text, json: body, headers: mask))
        clock.withLock { $0 = testInstant("2021-04-20T00:01:00+02:00") }
        let afterMidnight = try Self.places(try await server.post(text, json: body, headers: mask))
        try await server.stop()
        let ids = { (places: [[String: Any]]) in places.compactMap { $0["id"] as? String } }
        #expect(ids(beforeMidnight).contains("n7857077111"))
        #expect(ids(again) == ids(beforeMidnight))
        #expect(!ids(afterMidnight).contains("n7857077111"))
        #expect(beforeMidnight.allSatisfy { ($0["regularOpeningHours"] as? [String: Any])?["openNow"] as? Bool == true })
    }

    @Test func placeDetailsInGooglesShape() async throws {
        let server = try await RunningServer.start()
        let all = try await server.get("/v1/places/n4316767531?fields=*")
        let some = try await server.get(
            "/v1/places/w49209406?languageCode=en-GB", headers: [("X-Goog-FieldMask", "displayName,types,primary_type")])
        let numbers = try await server.get("/v1/places/n4316767531?fields=businessStatus&$alt=json;enum-encoding=int")
        try await server.stop()

        let place = try all.json()
        #expect(place["name"] as? String == "places/n4316767531" && place["id"] as? String == "n4316767531")
        #expect((place["displayName"] as? [String: Any])?["text"] as? String == "Café de Paris")
        #expect(place["formattedAddress"] as? String == "Place du Casino, 98000 Monaco")
        #expect(place["googleMapsUri"] as? String == "https://www.openstreetmap.org/node/4316767531")
        #expect(place["websiteUri"] as? String == "https://fr.montecarlosbm.com/restaurant-monaco/brasseries/")
        #expect(place["primaryType"] as? String == "cafe" && place["businessStatus"] as? String == "OPERATIONAL")
        let location = try #require(place["location"] as? [String: Double])
        #expect(location == ["latitude": 43.7397159, "longitude": 7.4276948])
        // Nothing in OSM says how it pays or whether dogs may come in: absent, not guessed.
        #expect(place["paymentOptions"] == nil && place["allowsDogs"] == nil && place["rating"] == nil)

        let hospital = try some.json()
        #expect(Set(hospital.keys) == ["displayName", "types", "primaryType"])
        #expect(hospital["displayName"] as? [String: String] == ["text": "Princess Grace Hospital", "languageCode": "en"])
        #expect(try numbers.json()["businessStatus"] as? Int == 1)
    }

    /// Refusals as `google.rpc.Status`, with the HTTP status Google's clients pick their exception from.
    @Test(arguments: [
        (#"{\#(circle())}"#, "", 400, "FieldMask is a required parameter"),
        (#"{\#(circle())}"#, "places.id,places.nope", 400, "Invalid field mask path: places.nope"),
        (#"{\#(circle())}"#, "id", 400, "start with places."),
        (#"{"includedTypes": ["volcano"], \#(circle())}"#, "*", 400, "Unsupported types: volcano"),
        (#"{"includedTypes": ["cafe"], "excludedTypes": ["cafe"], \#(circle())}"#, "*", 400, "both included and excluded"),
        (#"{"maxResultCount": 21, \#(circle())}"#, "*", 400, "maxResultCount must be between 1 and 20"),
        (#"{"rankPreference": "STARS", \#(circle())}"#, "*", 400, "rankPreference"),
        (#"{"maxResultCount": true, \#(circle())}"#, "*", 400, "expected an integer"),
        (#"{"includedTypes": ["cafe"], "included_types": ["bar"], \#(circle())}"#, "*", 400, "given twice"),
        (#"{"minRating": 4, \#(circle())}"#, "*", 400, "Unknown name minRating"),
        (#"{}"#, "*", 400, "locationRestriction.circle is required"),
        (
            #"{"locationRestriction": {"circle": {"center": {"latitude": 91, "longitude": 7}, "radius": 10}}}"#, "*", 400,
            "latitude"
        ),
        (
            #"{"locationRestriction": {"circle": {"center": {"latitude": 43, "longitude": 7}, "radius": -1}}}"#, "*", 400,
            "radius must be between 0.0 and 50000.0"
        ),
        ("not json", "*", 400, "Invalid JSON payload"),
    ])
    func badSearchesAreRefusedAsGoogleRefusesThem(body: String, mask: String, status: Int, message: String) async throws {
        let server = try await RunningServer.start()
        let answer = try await server.post(Self.search, json: body, headers: mask.isEmpty ? [] : [("X-Goog-FieldMask", mask)])
        try await server.stop()
        #expect(answer.status == status)
        let error = try #require(try answer.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == status && error["status"] as? String == "INVALID_ARGUMENT")
        #expect((error["message"] as? String)?.contains(message) == true, "\(error)")
    }

    @Test func unknownPlacesPathsMethodsAndBodies() async throws {
        let server = try await RunningServer.start()
        let unknown = try await server.get("/v1/places/n1?fields=id")
        let path = try await server.get("/v1/nothing")
        let get = try await server.get(Self.search)
        let text = try await server.get(
            Self.search, method: "POST", headers: [("X-Goog-FieldMask", "*"), ("Content-Type", "text/plain")])
        let large = try await server.post(
            Self.search, json: #"{\#(Self.circle()), "languageCode": "\#(String(repeating: "x", count: 20_000))"}"#,
            headers: [("X-Goog-FieldMask", "*")])
        let zero = try await server.post(Self.search, json: #"{\#(Self.circle(radius: 0))}"#, headers: [("X-Goog-FieldMask", "*")])
        let beyondGoogle = try await server.post(
            Self.search, json: #"{\#(Self.circle(radius: 60000)), "maxResultCount": 1}"#, headers: [("X-Goog-FieldMask", "places.id")])
        try await server.stop()

        for answer in [unknown, path] {
            let error = try answer.json()["error"] as? [String: Any]
            #expect(answer.status == 404 && error?["status"] as? String == "NOT_FOUND")
        }
        #expect(get.status == 405 && get.headers["allow"] == "POST")
        #expect(text.status == 400)
        #expect(large.status == 413)
        #expect(zero.status == 200 && zero.text == "{}")
        let found = try Self.places(beyondGoogle)
        #expect(beyondGoogle.status == 200 && found.count == 1)
    }
}
