import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import NearbyTestSupport
import PostgresNIO
import Testing

@testable import NearbyPostGIS

/// One contract, every store: the places within the radius, nearest first
/// by WGS84 geodesic distance, ties by name then id, at most the limit,
/// filtered by category. The reference is the in-memory k-d tree, itself
/// checked here against measuring every place; each other store must give
/// the same places in the same order, distances within 1 mm. Each store is
/// asked a few questions at a time (`concurrentMap`), as a server asks it.
@Suite struct StoreContractTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let monaco = try! PlacesDataset.load(from: repository.appendingPathComponent("Data/places.geojson"))

    /// Monaco, plus places scattered where boxes and circles get awkward:
    /// both sides of the antimeridian, both poles, the equator, and clusters
    /// of ties (same spot, names that sort close).
    static let world: PlacesDataset = {
        var generator = SeededGenerator(seed: 11)
        var places = monaco.places
        let spots: [(Double, Double, Double)] = [  // latitude, longitude, spread in degrees
            (0, 179.9, 0.3), (0, -179.9, 0.3), (65, 179.95, 0.5), (-40, -179.99, 0.2),
            (89.9, 0, 0.09), (-89.95, 45, 0.04), (0, 0, 1), (43.7384, 7.4246, 0.01),
        ]
        for (spot, (latitude, longitude, spread)) in spots.enumerated() {
            for n in 0..<60 {
                var lon = longitude + Double.random(in: -spread...spread, using: &generator)
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                let lat = min(90, max(-90, latitude + Double.random(in: -spread...spread, using: &generator)))
                // Every fifth place shares the previous one's spot: exact ties, broken by name then id.
                let coordinate = n % 5 == 4 ? places[places.count - 1].coordinate : try! Coordinate(latitude: lat, longitude: lon)
                let category = PlaceCategory.allCases[(spot * 7 + n) % PlaceCategory.allCases.count]
                places.append(
                    Place(
                        id: "n\(9_000_000 + spot * 100 + n)", name: ["Zed", "Alpha", "alpha", "Émile", "Bar \(n % 3)"][n % 5],
                        category: category, otherCategories: n % 3 == 0 ? [.atm] : [], coordinate: coordinate))
            }
        }
        return PlacesDataset(places: places, timeZone: "Europe/Monaco", source: "contract test")
    }()

    /// 1,000 seeded queries: around Monaco and the awkward spots, anywhere at
    /// all, near the poles, across the antimeridian; radii from a metre to
    /// half the equator; limits from none to more than there are; with and
    /// without categories, some of which nobody has.
    static let queries: [PlaceQuery] = {
        var generator = SeededGenerator(seed: 2026)
        let centres: [(Double, Double, Double)] = [
            (43.7384, 7.4246, 0.02), (0, 180, 1), (0, -180, 1), (65, 180, 1), (89.9, 0, 0.2), (-89.95, 0, 0.1),
            (-40, 180, 0.5), (0, 0, 2),
        ]
        return (0..<1000).map { i in
            let centre: Coordinate
            if i % 10 == 9 {
                centre = try! Coordinate(
                    latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator))
            } else {
                let (lat, lon, spread) = centres[i % centres.count]
                var longitude = lon + .random(in: -spread...spread, using: &generator)
                if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
                centre = try! Coordinate(
                    latitude: min(90, max(-90, lat + .random(in: -spread...spread, using: &generator))), longitude: longitude)
            }
            let radii = [1.0, 50, 500, 1500, 10_000, 100_000, 2_000_000, 20_037_508]
            let radius = radii.randomElement(using: &generator)! * .random(in: 0.5...1, using: &generator)
            let limit: Int? = [nil, 1, 3, 20, 50, 10_000].randomElement(using: &generator)!
            var categories: Set<PlaceCategory> = []
            switch i % 4 {
            case 0: break
            case 1: categories = [PlaceCategory.allCases.randomElement(using: &generator)!]
            case 2: categories = [.atm, .cafe, .museum]
            default: categories = [.postOffice]  // few or none in most places
            }
            return PlaceQuery(center: centre, radius: radius, categories: categories, limit: limit)
        }
    }()

    /// The stores under test, each holding `dataset`: the GeoPackage, and
    /// PostGIS in a schema of its own on the server at
    /// `$NEARBY_TEST_POSTGRES_URL` (scripts/test starts one; in CI its absence fails).
    /// With `olderPostGIS`, a second PostGIS store made as an import before
    /// the word index left it: no vocabulary, no `words` columns.
    static func stores(holding dataset: PlacesDataset, in directory: URL, olderPostGIS: Bool = false) async throws -> [(
        name: String, service: any PlaceWebService, close: () async -> Void
    )] {
        let file = directory.appendingPathComponent("places.gpkg")
        try GeoPackageWriter.write(dataset, to: file)
        var stores: [(name: String, service: any PlaceWebService, close: () async -> Void)] = [
            ("GeoPackage", LocalPlaceService(snapshot: try GeoPackagePlaces(url: file)), {})
        ]
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["NEARBY_TEST_POSTGRES_URL"], !base.isEmpty {
            for older in olderPostGIS ? [false, true] : [false] {
                let url = try PostGISStoreURL(
                    base + (base.contains("?") ? "&" : "?") + "schema=nearby_contract_\(UInt32.random(in: 0...UInt32.max))")
                try await PostGISImporter(url: url).load(dataset)
                if older {
                    let connection = try await url.connect()
                    let drops =
                        ["DROP TABLE \(url.schema).nearby_address_words"]
                        + AddressTables.names.map { "ALTER TABLE \(url.schema).\($0) DROP COLUMN words" }
                    for sql in drops { _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: .init(label: "test")) }
                    try await connection.close()
                }
                let service = PostGISPlaceService(url: url)
                stores.append(
                    (
                        older ? "PostGIS imported before the word index" : "PostGIS", service,
                        {
                            await service.shutdown()
                            if let connection = try? await url.connect() {
                                _ = try? await connection.query(
                                    PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(url.schema) CASCADE"), logger: .init(label: "test"))
                                try? await connection.close()
                            }
                        }
                    ))
            }
        } else if !(environment["CI"] ?? "").isEmpty {
            Issue.record("NEARBY_TEST_POSTGRES_URL is not set in CI: PostGIS must be held to the contract (scripts/test starts a server)")
        }
        return stores
    }

    /// Runs `body` on each store holding `dataset`, in a scratch directory, closing each after.
    static func forEachStore(
        holding dataset: PlacesDataset, olderPostGIS: Bool = false, _ body: (String, any PlaceWebService) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, store, close) in try await stores(holding: dataset, in: directory, olderPostGIS: olderPostGIS) {
            do {
                try await body(name, store)
            } catch {
                await close()
                throw error
            }
            await close()
        }
    }

    @Test(arguments: ["Monaco", "world"])
    func everyStoreAnswersAsTheInMemoryStore(datasetName: String) async throws {
        let dataset = datasetName == "Monaco" ? Self.monaco : Self.world
        let reference = InMemoryPlaces(dataset, loadedAt: Date())
        var answers: [[PlaceHit]] = []
        for (index, query) in Self.queries.enumerated() {
            let expected = reference.places(matching: query)
            // The reference itself, against measuring every place (a check of the k-d tree).
            let brute = dataset.places.compactMap { place -> PlaceHit? in
                let d = Geodesic.distance(from: query.center, to: place.coordinate)
                return d <= query.radius && (query.categories.isEmpty || place.categories.contains(where: query.categories.contains))
                    ? PlaceHit(place: place, distance: d) : nil
            }.sorted { ($0.distance, $0.place.name, $0.place.id) < ($1.distance, $1.place.name, $1.place.id) }
            #expect(
                Array(brute.prefix(query.limit ?? brute.count)).map(\.place.id) == expected.map(\.place.id),
                "the in-memory reference, query \(index): \(query)")
            answers.append(expected)
            await Task.yield()  // seconds of measuring under a sanitizer: the other tests get their turn
        }
        var answered = 0
        try await Self.forEachStore(holding: dataset) { [answers] name, store in
            let actuals = try await concurrentMap(Self.queries) { try await store.fetchPlaces($0) }
            for (index, (query, actual)) in zip(Self.queries, actuals).enumerated() {
                let expected = answers[index]
                answered += expected.count
                #expect(actual.map(\.place.id) == expected.map(\.place.id), "\(name), query \(index): \(query)")
                guard actual.count == expected.count else { continue }
                for (a, e) in zip(actual, expected) where abs(a.distance - e.distance) > 0.001 {
                    Issue.record("\(name), query \(index): \(a.place.id) at \(a.distance) m, expected \(e.distance) m")
                }
                #expect(actual.map(\.place) == expected.map(\.place), "\(name), query \(index): the places' fields differ")
            }
            let info = try await store.datasetInfo()
            #expect(info.placeCount == reference.info.placeCount, "\(name)")
            #expect(info.categoryCounts == reference.info.categoryCounts, "\(name)")
            #expect(try await store.fetchPlace(id: dataset.places[7].id) == reference.place(id: dataset.places[7].id), "\(name)")
            await #expect(throws: NearbyAPIError.unknownPlace("n0")) { try await store.fetchPlace(id: "n0") }
        }
        // The queries are not all empty answers: the comparison compared something.
        #expect(answered > 5_000)
    }

    /// 300 seeded name searches as people type them: whole words, starts of
    /// words, typos, two words, a kind's words, other case and accents; with
    /// and without kinds and limits. Ranked by how well names match, then as
    /// any answer; the reference is itself checked against matching every place.
    static let nameSearches: [PlaceQuery] = {
        var generator = SeededGenerator(seed: 7)
        let words = monaco.places.flatMap { NameQuery.nameWords(of: $0) }.filter { $0.count >= 2 }
        func typo(_ word: String) -> String {
            var letters = Array(word)
            let i = Int.random(in: 1..<letters.count - 1, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: letters.remove(at: i)
            case 1: letters.swapAt(i, i + 1)
            default: letters[i] = "x"
            }
            return String(letters)
        }
        return (0..<300).map { i in
            let word = words.randomElement(using: &generator)!
            let other = words.randomElement(using: &generator)!
            let text: String =
                switch i % 6 {
                case 0: word
                case 1: String(word.prefix(3))
                case 2: word.count >= 6 ? typo(word) : word.uppercased()
                case 3: "\(String(word.prefix(4))) \(other)"
                case 4: ["atm", "cafe", "restaurnt", "pharmacie", "bus", "toilets", "hôtel", "PARKING", "sushi", "pizza"][i / 6 % 10]
                default: "\(word) \(typo(other + "abcdef"))"
                }
            let radius = [300.0, 1500, 5000, 50_000].randomElement(using: &generator)!
            let limit: Int? = [nil, 1, 5, 20].randomElement(using: &generator)!
            let categories: Set<PlaceCategory> = i % 5 == 0 ? Set(PlaceCategoryGroup(rawValue: "food")!.categories) : []
            let excluded: Set<PlaceCategory> = i % 7 == 0 ? [.restaurant] : []
            let centre = try! Coordinate(
                latitude: 43.7384 + .random(in: -0.02...0.02, using: &generator),
                longitude: 7.4246 + .random(in: -0.02...0.02, using: &generator))
            return PlaceQuery(
                center: centre, radius: radius, categories: categories, excludedCategories: excluded, keyword: text, limit: limit)
        }
    }()

    @Test func everyStoreAnswersANameSearchAsTheInMemoryStore() async throws {
        let dataset = Self.monaco
        let reference = InMemoryPlaces(dataset, loadedAt: Date())
        var answers: [[PlaceHit]] = []
        for (index, query) in Self.nameSearches.enumerated() {
            let expected = reference.places(matching: query)
            let search = NameQuery(query.keyword ?? "")
            let brute = dataset.places.compactMap { place -> (NameMatch, PlaceHit)? in
                let d = Geodesic.distance(from: query.center, to: place.coordinate)
                guard d <= query.radius, query.admitsKinds(place), let match = search.match(place) else { return nil }
                return (match, PlaceHit(place: place, distance: d))
            }.sorted { ($0.0, $0.1.distance, $0.1.place.name, $0.1.place.id) < ($1.0, $1.1.distance, $1.1.place.name, $1.1.place.id) }
            #expect(
                brute.prefix(query.limit ?? brute.count).map(\.1.place.id) == expected.map(\.place.id),
                "the in-memory reference, search \(index): \(query)")
            answers.append(expected)
            await Task.yield()
        }
        var answered = 0
        try await Self.forEachStore(holding: dataset) { [answers] name, store in
            let actuals = try await concurrentMap(Self.nameSearches) { try await store.fetchPlaces($0) }
            for (index, (query, actual)) in zip(Self.nameSearches, actuals).enumerated() {
                let expected = answers[index]
                answered += expected.count
                #expect(actual.map(\.place.id) == expected.map(\.place.id), "\(name), search \(index): \(query)")
            }
        }
        #expect(answered > 1_000)
    }

    /// The Monaco store with its address tables: every store gives each
    /// place the same address parts, and resolves 150 seeded positions in and
    /// around Monaco (some outside the data, some in two languages) exactly
    /// as the index held in memory does (PostGIS testing containment in SQL
    /// and handing back boxes, the GeoPackage reading whole outlines).
    @Test func everyStoreResolvesAddressesAsTheInMemoryIndex() async throws {
        let dataset = try GeoPackagePlaces(url: Self.repository.appendingPathComponent("Data/places.gpkg")).dataset()
        let reference = InMemoryPlaces(dataset, loadedAt: Date())
        var random = SeededGenerator(seed: 282)
        let positions = try (0..<150).map { _ in
            try Coordinate(
                latitude: Double.random(in: 43.70...43.78, using: &random), longitude: Double.random(in: 7.37...7.48, using: &random))
        }
        try await Self.forEachStore(holding: dataset) { name, store in
            let places = Array(dataset.places.prefix(200))
            let stored = try await concurrentMap(places) { try await store.fetchPlace(id: $0.id) }
            for (place, stored) in zip(places, stored) {
                #expect(stored.address == place.address, "\(name): \(place.id)")
            }
            let asked = positions.enumerated().map { index, position in (position, index % 3 == 0 ? "mk" : nil as String?) }
            let answers = try await concurrentMap(asked) { try await store.address(at: $0.0, language: $0.1) }
            var known = 0
            for ((position, language), answer) in zip(asked, answers) {
                let expected = reference.address(at: position, language: language)
                #expect(answer == expected, "\(name): \(position)")
                if expected != nil { known += 1 }
            }
            #expect(known > 75, "\(name)")
        }
    }

    /// Every store geocodes as the in-memory geocoder does (the GeoPackage
    /// reads its address tables whole, PostGIS the rows the words find and
    /// those around them, or whole for a store imported before the word
    /// index): a question for every tenth address point, street and area of
    /// Monaco, in two forms, with a typo, a postcode, a number no street has,
    /// a country restriction and a bias, a street's name as it is being typed
    /// (and its first letters), and streets and areas by their ids.
    @Test func everyStoreGeocodesAsTheInMemoryGeocoder() async throws {
        let dataset = try GeoPackagePlaces(url: Self.repository.appendingPathComponent("Data/places.gpkg")).dataset()
        let reference = InMemoryPlaces(dataset, loadedAt: Date())
        let sources = dataset.addressSources
        var requests: [GeocodeRequest] = []
        for point in sources.points.enumerated().filter({ $0.offset % 20 == 0 }).map(\.element) {
            guard let number = point.address["housenumber"], let street = point.address["street"] else { continue }
            requests.append(GeocodeRequest(text: "\(number) \(street)"))
            requests.append(GeocodeRequest(text: "\(street) \(number), \(point.address["postcode"] ?? "") Monaco", language: "mk"))
        }
        for street in sources.streets.enumerated().filter({ $0.offset % 20 == 0 }).map(\.element) {
            requests.append(GeocodeRequest(text: street.name))
            requests.append(GeocodeRequest(text: "999 " + street.name, bias: GeocodeRequest.Bias(position: Self.monaco.center)))
            // As autocomplete asks while the name is typed.
            var typed = GeocodeRequest(text: String(street.name.dropLast(2)), bias: GeocodeRequest.Bias(position: Self.monaco.center))
            typed.lastWordIsTyped = true
            requests.append(typed)
            typed.text = String(street.name.prefix(2))
            // "La", "Le": typing has only begun, and the autocompletes ask nothing yet.
            if (try? typed.question()) != nil { requests.append(typed) }
            requests.append(.element(street.id, language: nil))
        }
        for area in sources.areas.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
            requests.append(GeocodeRequest(text: area.name, components: GeocodeRequest.Components(countries: ["MC"])))
            requests.append(.element(area.id, language: "en"))
        }
        requests += ["Boulevrad des Moulins", "98000", "98 000", "Rue Imaginaire 5, Monte-Carlo", "43.7384,7.4246", "Monaco-Vile"].map {
            GeocodeRequest(text: $0)
        }
        var answered = 0
        try await Self.forEachStore(holding: dataset, olderPostGIS: true) { [requests] name, store in
            let answers = try await concurrentMap(requests) { try await store.geocode($0) }
            for (request, answer) in zip(requests, answers) {
                let expected = try reference.geocode(request)
                #expect(answer == expected, "\(name): \(request.text ?? request.element ?? "")")
                if !expected.isEmpty { answered += 1 }
            }
        }
        #expect(answered > requests.count, "most questions have answers in each store")
    }

    /// Places held in memory and brought forward by changes
    /// (`InMemoryPlaces.applying`: the changed places hidden in the index
    /// loaded and held in a small one beside it) answer every query and name
    /// search as the same places loaded whole: after one change, after a
    /// second over the first, and after one so large that both indexes are
    /// built again as one.
    @Test(arguments: ["Monaco", "world"])
    func placesBroughtForwardAnswerAsPlacesLoadedWhole(datasetName: String) throws {
        var generator = SeededGenerator(seed: 47)
        var now = datasetName == "Monaco" ? Self.monaco : Self.world
        var held = InMemoryPlaces(now, loadedAt: Date(), revision: "0")
        for (step, added) in [10, 25, 1_100].enumerated() {
            var changes = StoreChanges(revision: "\(step + 1)")
            var places = now.places
            for index in places.indices.shuffled(using: &generator).prefix(places.count / 10) {
                changes.placeIDs.insert(places[index].id)
                switch index % 3 {
                case 0: places[index].name += " \(step)"
                case 1:
                    let c = places[index].coordinate
                    places[index].coordinate = try Coordinate(
                        latitude: max(-90, min(90, c.latitude + .random(in: -0.01...0.01, using: &generator))), longitude: c.longitude)
                default: places[index].category = PlaceCategory.allCases.randomElement(using: &generator)!
                }
            }
            let removed = Set(places.indices.shuffled(using: &generator).prefix(places.count / 20))
            for index in removed { changes.placeIDs.insert(places[index].id) }
            places = places.indices.filter { !removed.contains($0) }.map { places[$0] }
            for n in 0..<added {
                let near = places[n % places.count].coordinate
                let id = "n\(8_000_000 + step * 10_000 + n)"
                changes.placeIDs.insert(id)
                places.append(
                    Place(
                        id: id, name: ["Café Neuf", "Bar \(n)", "Zed"][n % 3],
                        category: PlaceCategory.allCases[n % PlaceCategory.allCases.count],
                        coordinate: try Coordinate(latitude: near.latitude, longitude: max(-180, min(180, near.longitude + 0.0001)))))
            }
            changes.places = places.filter { changes.placeIDs.contains($0.id) }
            now.places = places
            held = held.applying(changes, loadedAt: Date())
            let whole = InMemoryPlaces(now, loadedAt: Date())
            #expect(held.info.placeCount == whole.info.placeCount && held.store.count == whole.store.count, "step \(step)")
            #expect(held.info.categoryCounts == whole.info.categoryCounts, "step \(step)")
            // The large change has both indexes built again as one.
            #expect(step < 2 ? held.store.changed.count > 0 : held.store.changed.count == 0, "step \(step)")
            for place in now.places.prefix(300) { #expect(held.place(id: place.id) == whole.place(id: place.id)) }
            for (index, query) in (Self.queries + Self.nameSearches).enumerated() {
                #expect(held.places(matching: query) == whole.places(matching: query), "step \(step), query \(index): \(query)")
            }
        }
    }

    @Test func queriesCoverTheAwkwardCases() {
        #expect(Self.queries.count == 1000)
        #expect(Self.queries.contains { abs($0.center.latitude) > 89.8 })
        #expect(Self.queries.contains { abs($0.center.longitude) > 179.5 && $0.radius > 50_000 })
        #expect(Self.queries.contains { $0.radius > 20_000_000 * 0.5 })
        #expect(Self.queries.contains { $0.categories == [.postOffice] })
    }
}
