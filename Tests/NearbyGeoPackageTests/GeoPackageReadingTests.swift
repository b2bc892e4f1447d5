import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import Testing

/// What is not a nearby GeoPackage, or is a damaged one, is one sentence
/// naming the file — never a crash, and never a wrong answer.
@Suite struct GeoPackageReadingTests {
    static let nearCasino = PlaceQuery(center: try! Coordinate(latitude: 43.7397, longitude: 7.4277), radius: 300)

    private func reason(opening file: URL) -> String? {
        do {
            let store = try GeoPackagePlaces(url: file)
            _ = try store.places(matching: Self.nearCasino)
            return nil
        } catch {
            guard case .invalidData(let path, _, let reason) = error else { return "\(error)" }
            #expect(path == file.path)
            return reason
        }
    }

    @Test func anSQLiteDatabaseThatIsNoGeoPackage() throws {
        let scratch = try Scratch()
        let file = scratch.url("other.sqlite")
        _ = try Fixtures.run("sqlite3", [file.path, "CREATE TABLE t (x); INSERT INTO t VALUES (1);"])
        #expect(try PlacesFile.format(of: file) == .geoPackage)
        #expect(reason(opening: file) == "not a nearby places store: it is an SQLite database but not a GeoPackage")
    }

    @Test func aGeoPackageFromAnotherToolIsNotTakenForPlaces() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        _ = try Fixtures.run("ogr2ogr", ["-f", "GPKG", file.path, Fixtures.monacoGeoJSON.path, "-nln", "places"])
        #expect(reason(opening: file) == "not a nearby places store: it has no nearby_dataset table")
    }

    @Test func aStoreOfAnotherFormatVersionIsRefused() throws {
        let scratch = try Scratch()
        let file = try monaco(with: "UPDATE nearby_dataset SET value = 'nearby-places-9' WHERE key = 'format'", in: scratch)
        #expect(reason(opening: file) == "not a nearby places store: its format is nearby-places-9, this nearby reads nearby-places-1")
    }

    @Test func aCenterThatIsNoPositionIsRefusedAndNoneIsUnknown() throws {
        let scratch = try Scratch()
        let file = try monaco(with: "UPDATE nearby_dataset SET value = '91' WHERE key = 'center_latitude'", in: scratch)
        #expect(reason(opening: file) == "not a nearby places store: its center_latitude and center_longitude are not a position")
        _ = try Fixtures.run("sqlite3", [file.path, "DELETE FROM nearby_dataset WHERE key LIKE 'center_%'"])
        #expect(try GeoPackagePlaces(url: file).info.center == nil)
    }

    /// A writer killed inside its transaction (`nearby update` in place, under
    /// `kill -9`) leaves its rollback journal and pages of the file half
    /// written: the next reader has SQLite play the journal back, and reads
    /// the store, byte for byte, as it was before.
    @Test func aStoreWhoseWriterWasKilledReadsAsBefore() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        let before = try Data(contentsOf: file)
        // A cache of ten pages makes SQLite write changed pages into the file before the commit.
        let writer = """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("PRAGMA cache_size = 10")
            c.execute("BEGIN IMMEDIATE")
            c.execute("DELETE FROM places")
            c.execute("DELETE FROM nearby_dataset")
            os._exit(0)
            """
        _ = try Fixtures.run("python3", ["-c", writer, file.path])
        #expect(FileManager.default.fileExists(atPath: file.path + "-journal"))
        #expect(try Data(contentsOf: file) != before, "the killed writer left pages of its own in the file")
        let read = try GeoPackagePlaces(url: file).dataset()
        #expect(read.places.count == Fixtures.monaco.places.count)
        #expect(try Data(contentsOf: file) == before)
    }

    /// Monaco's store after one statement of the sqlite3 shell.
    private func monaco(with statement: String, in scratch: Scratch) throws -> URL {
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        _ = try Fixtures.run("sqlite3", [file.path, statement])
        return file
    }

    /// Monaco's store with one row of Café de Paris changed by the sqlite3 shell. The
    /// R*Tree triggers call ST_ functions the shell lacks: edit around them, as a careless tool would.
    private func monaco(setting assignment: String, in scratch: Scratch) throws -> URL {
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        _ = try Fixtures.run(
            "sqlite3",
            [
                file.path,
                """
                DROP TRIGGER rtree_places_geom_update1; DROP TRIGGER rtree_places_geom_update2;
                DROP TRIGGER rtree_places_geom_update3; DROP TRIGGER rtree_places_geom_update4;
                UPDATE places SET \(assignment) WHERE id = 'n4316767531';
                """,
            ])
        return file
    }

    @Test func aDamagedGeometryIsReportedWhenItIsRead() throws {
        let scratch = try Scratch()
        let file = try monaco(setting: "geom = x'00112233'", in: scratch)
        #expect(reason(opening: file) == "a geometry is not GeoPackage binary (no GP header)")
        // The rest of the store still answers where that row is not involved.
        let far = PlaceQuery(center: try Coordinate(latitude: 43.7285, longitude: 7.4121), radius: 30)
        #expect(try GeoPackagePlaces(url: file).places(matching: far).map(\.place.id) == ["n25230434"])
    }

    /// Each question is one read transaction: one that fails part-way must
    /// still end it, or the next question could not begin its own.
    @Test func aQuestionThatFailsLeavesTheOpenStoreAnswering() throws {
        let scratch = try Scratch()
        let store = try GeoPackagePlaces(url: try monaco(setting: "tags = 'not JSON'", in: scratch))
        let far = PlaceQuery(center: try Coordinate(latitude: 43.7285, longitude: 7.4121), radius: 30)
        for _ in 0..<3 {
            #expect(throws: NearbyAPIError.self) { try store.places(matching: Self.nearCasino) }
            #expect(try store.places(matching: far).map(\.place.id) == ["n25230434"])
        }
        #expect(try store.place(id: "n25230434")?.id == "n25230434")
    }

    @Test(arguments: ["[\"a\", \"b\"]", "{\"cuisine\": 1}", "{\"cuisine\": [\"a\"]}", "{\"cuisine\": \"a\"", "not JSON", "\"text\""])
    func tagsThatAreNotAnObjectOfStringsAreReported(tags: String) throws {
        let scratch = try Scratch()
        let file = try monaco(setting: "tags = '\(tags.replacingOccurrences(of: "'", with: "''"))'", in: scratch)
        #expect(reason(opening: file) == "its tags are not a JSON object of strings")
    }

    @Test func tagsWithEscapesReadBackAsWritten() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        var dataset = Fixtures.monaco
        let index = try #require(dataset.places.firstIndex { $0.id == "n4316767531" })
        let tags = ["name:ja": "カフェ・ド・パリ", "note": "a \"quoted\" \\ back\\slash\nnew line\ttab \u{1}", "empty": ""]
        dataset.places[index].tags = tags
        try GeoPackageWriter.write(dataset, to: file)
        #expect(try GeoPackagePlaces(url: file).place(id: "n4316767531")?.tags == tags)
    }

    /// A read cancelled (a server shutting down mid-reload) says so wherever SQLite
    /// notices, even inside a place's tags, which once called it damaged data.
    @Test func aReadCancelledInsideAPlacesTagsIsCancelledNotDamaged() async throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        var dataset = Fixtures.monaco
        let index = try #require(dataset.places.firstIndex { $0.id == "n4316767531" })
        // Enough tags that SQLite's progress handler (every 10,000 steps) runs while json_each reads them;
        // with an escape in each, or `PlainJSON` would read them without SQLite.
        dataset.places[index].tags = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("key\($0)", "two\nlines") })
        try GeoPackageWriter.write(dataset, to: file)
        let store = try GeoPackagePlaces(url: file)
        let read = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try store.place(id: "n4316767531")
        }
        let error = await #expect(throws: NearbyAPIError.self) { try await read.value }
        guard case .serviceUnavailable(let reason) = error else {
            Issue.record("not a cancellation: \(String(describing: error))")
            return
        }
        #expect(reason == "reading \(file.path) was cancelled")
    }

    /// Found by the fuzzer: a damaged R*Tree box wide enough to meet both boxes of a
    /// circle across the antimeridian gave its place twice.
    @Test func aPlaceIsAnsweredOnceEvenWhenItsIndexBoxIsDamaged() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        _ = try Fixtures.run("sqlite3", [file.path, "UPDATE rtree_places_geom SET minx = -180, maxx = 180 WHERE id = 1"])
        let antimeridian = PlaceQuery(center: try Coordinate(latitude: 0, longitude: 180), radius: 20_037_508)
        let hits = try GeoPackagePlaces(url: file).places(matching: antimeridian)
        #expect(hits.count == 803)
        #expect(Set(hits.map(\.place.id)).count == hits.count)
    }

    /// Found by the fuzzer: R*Tree nodes that share their children (here each
    /// of 12 levels holds its one child 8 times over) make SQLite walk 8^12
    /// paths to the same places. The question is given up on at its limit.
    @Test func anRTreeWhoseNodesShareChildrenIsGivenUpOnAtTheQuestionsLimit() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        let root = try Fixtures.run(
            "sqlite3", [file.path, "SELECT hex(substr(data, 1, 2)), length(data) FROM rtree_places_geom_node WHERE nodeno = 1"]
        ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
        let depth = try #require(Int(root[0], radix: 16)), size = try #require(Int(root[1]))
        let levels = 12
        // A node: its depth (read at the root only), its cell count, and each cell's child and box, big-endian, to the node's size.
        func node(depth: Int, child: Int) -> String {
            let world = "C3340000" + "43340000" + "C2B40000" + "42B40000"
            let cells = String(repeating: String(format: "%016X", child) + world, count: 8)
            return "X'" + String(format: "%04X%04X", depth, 8) + cells + String(repeating: "00", count: size - 4 - 8 * 24) + "'"
        }
        var statements = ["INSERT INTO rtree_places_geom_node SELECT 100, data FROM rtree_places_geom_node WHERE nodeno = 1"]
        for level in 1..<levels {
            let child = level == levels - 1 ? 100 : 101 + level
            statements.append("INSERT INTO rtree_places_geom_node VALUES (\(100 + level), \(node(depth: 0, child: child)))")
        }
        statements.append("UPDATE rtree_places_geom_node SET data = \(node(depth: depth + levels, child: 101)) WHERE nodeno = 1")
        _ = try Fixtures.run("sqlite3", [file.path, statements.joined(separator: ";\n")])
        let store = try GeoPackagePlaces(url: file, questionSeconds: 1)
        #expect(
            throws: NearbyAPIError.invalidData(
                path: file.path, location: "GeoPackage",
                reason: "not a nearby places store: reading it took longer than 1 s, which no nearby store takes")
        ) { try store.places(matching: Self.nearCasino) }
        // What does not use the index still answers.
        #expect(try store.place(id: "n4316767531")?.id == "n4316767531")
    }

    @Test func aTruncatedFileFailsWithAReasonAndNoCrash() throws {
        let scratch = try Scratch()
        let whole = scratch.url("whole.gpkg"), file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: whole)
        let bytes = try Data(contentsOf: whole)
        for length in [100, 4096, 20_000, bytes.count / 2] {
            try bytes.prefix(length).write(to: file)
            let reason = reason(opening: file)
            #expect(reason != nil, "truncated to \(length) bytes")
        }
    }

    @Test func anEmptyOrForeignFileIsReadAsGeoJSONAndSaysWhy() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try Data().write(to: file)
        #expect(try PlacesFile.format(of: file) == .geoJSON)
        #expect(
            throws: NearbyAPIError.invalidData(
                path: file.path, location: "top level",
                reason: "the file is empty (a GeoPackage or a places GeoJSON was expected: nearby import makes one)")
        ) {
            try PlacesFile.openInPlace(file, nil)
        }
        try Data("PK\u{3}\u{4} a zip, not places".utf8).write(to: file)
        #expect(throws: NearbyAPIError.invalidData(path: file.path, location: "top level", reason: "not valid JSON")) {
            try PlacesFile.openInPlace(file, nil)
        }
        #expect(throws: NearbyAPIError.dataMissing(path: scratch.url("none.gpkg").path)) {
            try PlacesFile.openInPlace(scratch.url("none.gpkg"), nil)
        }
    }
}
