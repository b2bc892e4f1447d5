import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import NearbyTestSupport
import PostgresNIO
import Testing

@testable import NearbyPostGIS

/// `nearby update --store postgresql://…` against the change fixture
/// (`UpdateCommandTests.Fixture`), on the server at `$NEARBY_TEST_POSTGRES_URL`.
/// Skipped without a server, except in CI (`$CI` set), where it fails.
@Suite(
    .serialized,
    .enabled(
        if: PostGISTestServer.baseURL != nil || PostGISTestServer.inCI,
        "no PostgreSQL: run `export NEARBY_TEST_POSTGRES_URL=$(scripts/postgres start)` first (or scripts/test, which does)"))
struct PostGISUpdateTests {
    /// A server on the store draws the tiles its set lacks from the extract
    /// the store keeps: after an update and a reload, the newer one.
    @Test func aServerDrawsMissingTilesFromTheUpdatedStore() throws {
        let redraw = try TileRedrawTests()
        let store = try PostGISStoreCommandTests.storeURL()
        try redraw.succeed(["import", TileRedrawTests.extract.path, "--to", store])
        try redraw.drawsMissingTilesFromTheUpdatedStore(["--store", store])
    }

    /// import(A) then update(D) answers exactly as import(B), both in PostGIS:
    /// every place and field, the replication state, 1,000 seeded questions
    /// (nearby, by name) and the address at 50 of their positions (a tenth of
    /// a second each in a debug build: the GeoPackage test asks 250, and the
    /// address tables are the importer's either way). The same change again
    /// is refused and changes nothing.
    @Test func anUpdatedStoreAnswersAsAnImportOfTheNewerExtract() async throws {
        let fixture = try UpdateCommandTests.Fixture()
        defer { fixture.remove() }
        let (updated, imported) = (try PostGISStoreCommandTests.storeURL(), try PostGISStoreCommandTests.storeURL())
        try UpdateCommandTests.Fixture.succeed(
            ["import", UpdateCommandTests.extract.path, "--to", updated, "--timezone", "Europe/Monaco"])
        #expect(try await Self.keptChangeFiles(updated) == nil)
        let said = try UpdateCommandTests.Fixture.succeed(["update", "--store", updated, fixture.changes.path])
        #expect(
            said.contains("4 added, 2 removed, 15 changed; 805 places as of 2021-04-21T21:21:46Z (replication sequence 2948)"), "\(said)")
        // In place: the change file is kept beside the extract.
        #expect(try await Self.keptChangeFiles(updated) == 1)
        try UpdateCommandTests.Fixture.succeed(["import", fixture.newer.path, "--to", imported, "--timezone", "Europe/Monaco"])

        let (a, b) = (try PostGISPlaceService(url: updated), try PostGISPlaceService(url: imported))
        let (infoA, infoB) = (try await a.datasetInfo(), try await b.datasetInfo())
        #expect(infoA.replication == infoB.replication && infoA.replication?.sequence == 2948)
        #expect(infoA.timeZone == infoB.timeZone && infoA.placeCount == 805)
        #expect(try await a.allPlaces() == b.allPlaces())
        // The questions made first, then asked in eight lanes at once: a round trip each, two stores. Radii up
        // to 600 m (a quarter of Monaco's places at most): every candidate is decoded here, and this runs under
        // AddressSanitizer in CI; larger circles are the store contract's (StoreContractTests).
        var random = SeededGenerator(seed: 31)
        let words = ["cafe", "bar", "pharmacie", "monte", "hotel", "restaurant", "bank", "boulangerie", "pizza", "musee"]
        let queries = try (0..<1_000).map { round in
            let center = try Coordinate(
                latitude: Double.random(in: 43.724...43.752, using: &random), longitude: Double.random(in: 7.409...7.440, using: &random))
            return PlaceQuery(
                center: center, radius: Double.random(in: 50...600, using: &random),
                keyword: round % 3 == 0 ? words.randomElement(using: &random) : nil, limit: round % 2 == 0 ? 20 : nil)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for round in stride(from: lane, to: queries.count, by: 8) {
                        let query = queries[round]
                        let (fromA, fromB) = (try await a.fetchPlaces(query), try await b.fetchPlaces(query))
                        #expect(fromA == fromB, "\(query)")
                        if round % 20 == 0 {
                            let there = (
                                try await a.address(at: query.center, language: nil), try await b.address(at: query.center, language: nil)
                            )
                            #expect(there.0 == there.1, "\(query.center)")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // Forward geocoding finds the words the update brought (the street renamed "Rue du Changement"), as typed and
        // with a typo too: the update adds them to the store's vocabulary.
        var questions = ["Rue du Changement", "rue du changemnt", "Boulevard des Moulins 12", "Monte-Carlo", "98000"].map {
            GeocodeRequest(text: $0)
        }
        var typed = GeocodeRequest(text: "Rue du Chang")
        typed.lastWordIsTyped = true
        questions.append(typed)
        for question in questions {
            let (fromA, fromB) = (try await a.geocode(question), try await b.geocode(question))
            #expect(fromA == fromB, "\(question.text ?? "")")
        }
        #expect(try await a.geocode(typed).first?.address[.route]?.longName == "Rue du Changement")

        let again = try NearbyBinary.run(["update", "--store", updated, fixture.changes.path])
        #expect(again.status == 65)
        #expect(again.stderr.contains("is replication sequence 2948, which the store already has (it stands at 2948)"), "\(again.stderr)")
        #expect(try await a.datasetInfo() == infoA)
        await a.shutdown()
        await b.shutdown()
    }

    /// A store loaded before the elements were kept (its extract, not its
    /// elements) is updated whole once, which keeps them; from then on in place.
    @Test func aStoreWithoutTheElementsIsUpdatedWholeOnceThenInPlace() async throws {
        let fixture = try UpdateCommandTests.Fixture()
        defer { fixture.remove() }
        let (older, newer) = (try PostGISStoreCommandTests.storeURL(), try PostGISStoreCommandTests.storeURL())
        try UpdateCommandTests.Fixture.succeed(["import", UpdateCommandTests.extract.path, "--to", older, "--timezone", "Europe/Monaco"])
        try await Self.withWriter(older) { writer in
            try await writer.connection.query(
                PostgresQuery(unsafeSQL: "DROP TABLE \(ElementTables(schema: writer.importer.url.schema).ways)"),
                logger: PostGISImporter.logger)
        }
        #expect(try await Self.withWriter(older) { try await PostGISUpdate.isPossible($0) } == false)
        try UpdateCommandTests.Fixture.succeed(["update", "--store", older, fixture.changes.path])
        #expect(try await Self.withWriter(older) { try await PostGISUpdate.isPossible($0) })
        #expect(try await Self.keptChangeFiles(older) == nil)
        try UpdateCommandTests.Fixture.succeed(["import", fixture.newer.path, "--to", newer, "--timezone", "Europe/Monaco"])
        let (a, b) = (try PostGISPlaceService(url: older), try PostGISPlaceService(url: newer))
        #expect(try await a.allPlaces() == b.allPlaces())
        await a.shutdown()
        await b.shutdown()
    }

    /// Nothing half-applied in PostGIS either: a change file cut short is
    /// refused; a full disk fails the update with one line, the store as it
    /// was; `kill -9` at any moment leaves the old data or the new, never a
    /// mix; and the next run goes on from what the store records to what an
    /// import of the newer extract holds. The full disk is PostgreSQL's own
    /// error for one (SQLSTATE 53100, in its words), raised as the update
    /// writes a place row, after it has written elements and address sources
    /// in the same transaction: a real full device on a cluster the suite
    /// shares would stop the others' tests too. A row's, as a full device
    /// is met: an error raised before the COPY reads its first row (a
    /// statement trigger's) meets the `Sync` postgres-nio 1.33 sends with
    /// the COPY, which ends the exchange under its writer (it hangs, or
    /// stops on a precondition).
    @Test func aFailedOrKilledUpdateLeavesTheStoreAsItWas() async throws {
        let fixture = try UpdateCommandTests.Fixture()
        defer { fixture.remove() }
        let (store, imported) = (try PostGISStoreCommandTests.storeURL(), try PostGISStoreCommandTests.storeURL())
        try UpdateCommandTests.Fixture.succeed(["import", UpdateCommandTests.extract.path, "--to", store, "--timezone", "Europe/Monaco"])
        let service = try PostGISPlaceService(url: store)
        let (a, infoA) = (try await service.allPlaces(), try await service.datasetInfo())
        #expect(infoA.replication?.sequence == 2947)

        let cut = fixture.folder.appendingPathComponent("cut.osc.gz")
        let whole = try Data(contentsOf: fixture.changes)
        try whole.prefix(whole.count / 2).write(to: cut)
        let bad = try NearbyBinary.run(["update", "--store", store, cut.path])
        #expect(bad.status == 65 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(try await service.allPlaces() == a)
        #expect(try await service.datasetInfo() == infoA)

        let table = PlacesTable(schema: try PostGISStoreURL(store).schema)
        try await Self.withWriter(store) { writer in
            try await writer.connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE FUNCTION \(table.quotedSchema).full_disk() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                          RAISE EXCEPTION USING ERRCODE = 'disk_full', HINT = 'Check free disk space.',
                            MESSAGE = 'could not extend file "base/16384/16621": No space left on device';
                        END $$
                        """), logger: PostGISImporter.logger)
            try await writer.connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE TRIGGER full_disk BEFORE INSERT ON \(table.places) FOR EACH ROW
                        EXECUTE FUNCTION \(table.quotedSchema).full_disk()
                        """), logger: PostGISImporter.logger)
        }
        let full = try NearbyBinary.run(["update", "--store", store, fixture.changes.path])
        #expect(
            full.status == 74 && full.stderr.hasPrefix("nearby: failed writing \(store): could not extend file ")
                && full.stderr.hasSuffix("No space left on device (SQLSTATE 53100); it is as it was before this update\n")
                && full.stderr.split(separator: "\n").count == 1,
            "\(full.stderr)")
        #expect(try await service.allPlaces() == a)
        #expect(try await service.datasetInfo() == infoA)
        try await Self.withWriter(store) { writer in
            try await writer.connection.query(
                PostgresQuery(unsafeSQL: "DROP TRIGGER full_disk ON \(table.places)"), logger: PostGISImporter.logger)
        }

        for delay in [0.05, 0.15, 0.25, 0.35, 0.5, 0.8, 1.2] {
            let child = try ChildProcess(NearbyBinary.url, ["update", "--store", store, fixture.changes.path])
            try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
            child.kill()
            // The killed update's backend gone (its transaction ended one way or the other) once its lock is free.
            try await Self.withWriter(store) { _ in }
            let now = try await service.datasetInfo()
            #expect([2947, 2948].contains(now.replication?.sequence ?? 0), "after \(delay) s: \(String(describing: now.replication))")
            if now.replication?.sequence == 2947 { #expect(try await service.allPlaces() == a, "after \(delay) s") }
        }
        let finished = try NearbyBinary.run(["update", "--store", store, fixture.changes.path])
        #expect(
            finished.status == 0 || finished.stderr.contains("which the store already has"), "\(finished.stderr)")
        try UpdateCommandTests.Fixture.succeed(["import", fixture.newer.path, "--to", imported, "--timezone", "Europe/Monaco"])
        let newer = try PostGISPlaceService(url: imported)
        #expect(try await service.datasetInfo().replication?.sequence == 2948)
        #expect(try await service.allPlaces() == newer.allPlaces())
        await service.shutdown()
        await newer.shutdown()
    }

    private static func withWriter<T: Sendable>(_ store: String, _ body: (PostGISImporter.Writer) async throws -> T) async throws -> T {
        try await PostGISImporter(url: try PostGISStoreURL(store)).withWriterLock(body)
    }

    /// How many change files the store keeps beside its extract (one an
    /// update in place, `ExtractTable.keep`); nil when it has kept none.
    static func keptChangeFiles(_ store: String) async throws -> Int? {
        try await withWriter(store) { writer in
            let table = PlacesTable(schema: writer.importer.url.schema).extractChanges
            for try await row in try await writer.connection.query("SELECT to_regclass(\(table)) IS NULL", logger: PostGISImporter.logger)
            where try row.decode(Bool.self) {
                return nil
            }
            let count = try await writer.connection.query(
                "SELECT count(DISTINCT number) FROM \(unescaped: table)", logger: PostGISImporter.logger)
            for try await row in count { return try row.decode(Int.self) }
            return nil
        }
    }

    /// A store loaded without its extract (by a nearby from before updates)
    /// is refused with what to do, and left as it was.
    @Test func aStoreWithoutItsExtractIsRefusedWithWhatToDo() async throws {
        let store = try PostGISStoreCommandTests.storeURL()
        try await PostGISImporter(url: try PostGISStoreURL(store)).load(
            try PlacesFile.dataset(at: NearbyBinary.repository.appendingPathComponent("Data/places.gpkg")))
        // Refused before the change file is read: any file will do.
        let changes = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-\(UUID().uuidString).osc")
        try Data("<osmChange version=\"0.6\"/>\n".utf8).write(to: changes)
        defer { try? FileManager.default.removeItem(at: changes) }
        let run = try NearbyBinary.run(["update", "--store", store, changes.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("keeps no extract to update") && run.stderr.contains("nearby import EXTRACT --to"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
