import Foundation
import NearbyKit
import NearbyService
import NearbyTestSupport
import PostgresNIO
import Testing

@testable import NearbyPostGIS

/// The PostGIS store against the in-memory one on Monaco: the same places,
/// in the same order, at the same distances (within 1 mm), for seeded
/// random queries; and what it says when it cannot answer.
@Suite(TestDatabase.required)
struct PostGISPlaceServiceTests {
    @Test func answersAsTheInMemoryStoreDoes() async throws {
        let url = try TestDatabase.scratch()
        defer { Task { await TestDatabase.drop(url) } }
        try await PostGISImporter(url: url).load(TestDatabase.monaco)
        let database = PostGISPlaceService(url: url)
        let memory = LocalPlaceService(dataset: TestDatabase.monaco)
        var random = SeededGenerator(seed: 20_251_123)
        var compared = 0, nonEmpty = 0
        for _ in 0..<400 {
            let query = try Self.randomQuery(&random)
            let expected = try await memory.fetchPlaces(query)
            let actual = try await database.fetchPlaces(query)
            compared += 1
            if !expected.isEmpty { nonEmpty += 1 }
            #expect(actual.map(\.place.id) == expected.map(\.place.id), "\(query)")
            #expect(actual.map(\.place) == expected.map(\.place), "\(query)")
            let gaps = zip(actual, expected).map { abs($0.distance - $1.distance) }
            #expect(gaps.allSatisfy { $0 <= 0.001 }, "\(query)")
        }
        #expect(compared == 400)
        // The queries reach the data often enough to mean something.
        #expect(nonEmpty > 100)
        await database.shutdown()
    }

    /// Around Monaco most of the time, anywhere on Earth (poles and the
    /// antimeridian included) otherwise; radii from 1 m to half the equator.
    static func randomQuery(_ random: inout SeededGenerator) throws -> PlaceQuery {
        let center: Coordinate
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            center = try Coordinate(
                latitude: Double.random(in: 43.72...43.76, using: &random), longitude: Double.random(in: 7.40...7.45, using: &random))
        case 6:
            center = try Coordinate(
                latitude: [-90, 90, 89.999, -89.5][Int.random(in: 0..<4, using: &random)],
                longitude: Double.random(in: -180...180, using: &random))
        case 7:
            center = try Coordinate(
                latitude: Double.random(in: -60...60, using: &random),
                longitude: [180, -180, 179.9999, -179.9999][Int.random(in: 0..<4, using: &random)])
        default:
            center = try Coordinate(
                latitude: Double.random(in: -90...90, using: &random), longitude: Double.random(in: -180...180, using: &random))
        }
        let radius: Double =
            switch Int.random(in: 0..<8, using: &random) {
            case 0: 1
            case 1: PlaceQuery.maximumRadius
            default: exp(Double.random(in: 0...log(PlaceQuery.maximumRadius), using: &random))
            }
        let limit: Int? = Bool.random(using: &random) ? nil : Int.random(in: 1...50, using: &random)
        var categories: Set<PlaceCategory> = []
        if Bool.random(using: &random) {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if let category = PlaceCategory.allCases.randomElement(using: &random) { categories.insert(category) }
            }
        }
        var excluded: Set<PlaceCategory> = []
        if Int.random(in: 0..<5, using: &random) == 0, let category = PlaceCategory.allCases.randomElement(using: &random) {
            excluded.insert(category)
        }
        let keyword: String? =
            Int.random(in: 0..<8, using: &random) == 0 ? ["caf", "bar", "pizza", "monte carlo"].randomElement(using: &random) : nil
        return PlaceQuery(
            center: center, radius: radius, categories: categories, excludedCategories: excluded, keyword: keyword, limit: limit)
    }

    @Test func fetchesOnePlaceAndTheDatasetInfo() async throws {
        let url = try TestDatabase.scratch()
        defer { Task { await TestDatabase.drop(url) } }
        let importedAt = Date(timeIntervalSince1970: 1_763_856_000.123456)
        let loaded = try await PostGISImporter(url: url).load(TestDatabase.monaco, importedAt: importedAt)
        let database = PostGISPlaceService(url: url)
        let memory = LocalPlaceService(dataset: TestDatabase.monaco)

        let cafe = try await database.fetchPlace(id: "n4316767531")
        #expect(cafe == (try await memory.fetchPlace(id: "n4316767531")))
        #expect(cafe.name == "Café de Paris")
        await #expect(throws: NearbyAPIError.unknownPlace("n0")) { try await database.fetchPlace(id: "n0") }
        await #expect(throws: NearbyAPIError.unknownPlace("'; DROP TABLE x; --")) {
            try await database.fetchPlace(id: "'; DROP TABLE x; --")
        }

        let info = try await database.datasetInfo()
        var expected = try await memory.datasetInfo()
        expected.loadedAt = info.loadedAt
        #expect(info == expected)
        #expect(info == loaded)
        #expect(abs(info.loadedAt.timeIntervalSince1970 - importedAt.timeIntervalSince1970) < 1e-6)
        #expect(info.placeCount == 803)
        #expect(info.replication == ReplicationState(headerOptions: ImportedReplication.monaco))
        #expect(try await database.reload() == info)

        // A replication state nearby cannot read is said, by the service and by an update alike.
        let connection = try await url.connect()
        _ = try await connection.query(
            PostgresQuery(unsafeSQL: "UPDATE \"\(url.schema)\".nearby_dataset SET replication = '{\"sequence\": \"x\"}'"),
            logger: TestDatabase.logger)
        let unreadable = NearbyAPIError.storeUnavailable(
            url: url.description, reason: "holds a replication state nearby cannot read; import the data again with this nearby")
        await #expect(throws: unreadable) { try await database.datasetInfo() }
        await #expect(throws: unreadable) { try await PostGISImporter(url: url).withWriterLock { try await PostGISUpdate.standing($0) } }

        // A store imported before the replication column was added reads as one without a state.
        _ = try await connection.query(
            PostgresQuery(unsafeSQL: "ALTER TABLE \"\(url.schema)\".nearby_dataset DROP COLUMN replication"), logger: TestDatabase.logger)
        try await connection.close()
        let older = try await database.datasetInfo()
        #expect(older.replication == nil && older.placeCount == 803)
        await database.shutdown()
    }

    /// Tags and address parts come back as their `jsonb` text, read in place
    /// when plain (`PlainJSON`); text that needs escapes in JSON is read by
    /// `JSONDecoder`, and reads back the same.
    @Test func tagsAndAddressesThatNeedEscapesReadBackWhole() async throws {
        let url = try TestDatabase.scratch()
        defer { Task { await TestDatabase.drop(url) } }
        var dataset = TestDatabase.monaco
        let awkward = ["Chez \"Léon\"", "back\\slash", "two\nlines", "tab\there", "bell\u{07}", "😀 emoji", ""]
        for (index, text) in awkward.enumerated() {
            dataset.places[index].tags["name:xx"] = text
            dataset.places[index].tags[text.isEmpty ? "empty" : text] = "key"
            dataset.places[index].address = PostalAddress(
                components: [
                    AddressComponent(.route, text + " Street", rule: .street), AddressComponent(.locality, "Monaco", rule: .area),
                ], formatted: text + " Street, Monaco")
        }
        _ = try await PostGISImporter(url: url).load(dataset)
        let database = PostGISPlaceService(url: url)
        for place in dataset.places.prefix(awkward.count) {
            let read = try await database.fetchPlace(id: place.id)
            #expect(read.tags == place.tags)
            #expect(read.address == place.address)
        }
        // And plain ones, read in place, as the whole Monaco store.
        let plain = dataset.places[awkward.count]
        #expect(try await database.fetchPlace(id: plain.id) == (try await LocalPlaceService(dataset: dataset).fetchPlace(id: plain.id)))
        await database.shutdown()
    }

    /// The header options of Data/monaco.osm.pbf, as `osmium fileinfo -j` prints them.
    enum ImportedReplication {
        static let monaco = [
            "osmosis_replication_base_url": "http://download.geofabrik.de/europe/monaco-updates",
            "osmosis_replication_sequence_number": "2947", "osmosis_replication_timestamp": "2021-04-21T20:21:46Z",
        ]
    }

    @Test func aSchemaNamedLikeAKeywordWorks() async throws {
        let scratch = try TestDatabase.scratch()
        let url = try PostGISStoreURL("postgresql://\(scratch.user)@\(scratch.host):\(scratch.port)/\(scratch.database)?schema=user")
        defer { Task { await TestDatabase.drop(url) } }
        try await PostGISImporter(url: url).load(TestDatabase.monaco)
        let database = PostGISPlaceService(url: url)
        #expect(try await database.fetchPlace(id: "n4316767531").name == "Café de Paris")
        await database.shutdown()
    }

    @Test func aSchemaWithoutAnImportIsEmpty() async throws {
        let url = try TestDatabase.scratch()
        let database = PostGISPlaceService(url: url)
        let center = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        await #expect(throws: NearbyAPIError.storeEmpty(url: url.description)) {
            try await database.fetchPlaces(PlaceQuery(center: center))
        }
        await #expect(throws: NearbyAPIError.storeEmpty(url: url.description)) { try await database.datasetInfo() }
        // Not "no address here": the server answers an outage (503), not ZERO_RESULTS.
        await #expect(throws: NearbyAPIError.storeEmpty(url: url.description)) {
            try await database.address(at: center, language: nil)
        }
        await database.shutdown()
    }

    /// A store imported before addresses were kept (an address table
    /// missing) has no address to give, and says so without failing.
    @Test func aStoreWithoutAddressTablesHasNoAddress() async throws {
        let url = try TestDatabase.scratch()
        defer { Task { await TestDatabase.drop(url) } }
        try await PostGISImporter(url: url).load(TestDatabase.monaco)
        let database = PostGISPlaceService(url: url)
        let center = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        let connection = try await url.connect()
        _ = try await connection.query(
            PostgresQuery(unsafeSQL: "DROP TABLE \"\(url.schema)\".nearby_address_points"), logger: TestDatabase.logger)
        try await connection.close()
        #expect(try await database.address(at: center, language: nil) == nil)
        #expect(try await database.fetchPlace(id: "n4316767531").name == "Café de Paris")
        await database.shutdown()
    }

    @Test func anUnreachableServerIsOneSentenceAtOnce() async throws {
        try await LoopbackPort.refusing { port in
            let url = try PostGISStoreURL("postgresql://nearby@127.0.0.1:\(port)/nearby")
            let database = PostGISPlaceService(url: url)
            let center = try Coordinate(latitude: 43.7384, longitude: 7.4246)
            await #expect(
                throws: NearbyAPIError.storeUnavailable(
                    url: "postgresql://nearby@127.0.0.1:\(port)/nearby", reason: "refused the connection")
            ) {
                try await database.fetchPlaces(PlaceQuery(center: center))
            }
            await database.shutdown()

            await #expect(throws: NearbyAPIError.storeUnavailable(url: url.description, reason: "refused the connection")) {
                try await PostGISImporter(url: url).load(TestDatabase.monaco)
            }
        }
    }

    @Test func anUnknownDatabaseIsNamed() async throws {
        let scratch = try TestDatabase.scratch()
        let url = try PostGISStoreURL("postgresql://\(scratch.user)@\(scratch.host):\(scratch.port)/no_such_database")
        let database = PostGISPlaceService(url: url)
        await #expect(throws: NearbyAPIError.storeUnavailable(url: url.description, reason: "has no database no_such_database")) {
            try await database.datasetInfo()
        }
        await database.shutdown()
    }

}
