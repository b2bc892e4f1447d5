import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import NearbyTestSupport
import NearbyUpdate
import Testing

/// `nearby update` against the change fixture: `Tools/make-changed-extract`
/// makes version B of the Monaco extract A, the change file D between them
/// (`osmium derive-changes A B`) and D's replication state beside it.
struct UpdateCommandTests {
    static let extract = NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf")

    /// A temporary folder holding A's store, B's and D.
    struct Fixture {
        let folder: URL
        let store: URL
        let newer: URL
        let changes: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-update-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = folder.appendingPathComponent("a.gpkg")
            newer = folder.appendingPathComponent("b.osm.pbf")
            changes = folder.appendingPathComponent("000/002/948.osc.gz")
            try FileManager.default.createDirectory(at: changes.deletingLastPathComponent(), withIntermediateDirectories: true)
            let made = try ChildProcess.run(
                NearbyBinary.repository.appendingPathComponent("Tools/make-changed-extract"),
                [UpdateCommandTests.extract.path, newer.path, "--changes", changes.path])
            try #require(made.status == 0, "\(made.stderr)")
            try Self.succeed(["import", UpdateCommandTests.extract.path, "--out", store.path, "--timezone", "Europe/Monaco"])
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// Runs nearby and requires it to succeed; its stderr.
        @discardableResult
        static func succeed(_ arguments: [String]) throws -> String {
            let run = try NearbyBinary.run(arguments)
            try #require(run.status == 0, "nearby \(arguments.joined(separator: " ")): \(run.stderr)")
            return run.stderr
        }
    }

    /// import(A) then update(D) answers exactly as import(B): every place and
    /// field, the addresses' sources, the replication state, and 1,000 seeded
    /// questions (nearby, by name, the address at a position).
    @Test func anUpdatedStoreAnswersAsAnImportOfTheNewerExtract() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let said = try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
        #expect(
            said.contains("4 added, 2 removed, 15 changed; 805 places as of 2021-04-21T21:21:46Z (replication sequence 2948)"), "\(said)")
        let imported = fixture.folder.appendingPathComponent("b.gpkg")
        try Fixture.succeed(["import", fixture.newer.path, "--out", imported.path, "--timezone", "Europe/Monaco"])

        let (updated, fresh) = (try PlacesFile.dataset(at: fixture.store), try PlacesFile.dataset(at: imported))
        #expect(updated.places.byID == fresh.places.byID)
        #expect(updated.addressSources.sorted == fresh.addressSources.sorted)
        #expect(updated.replication == fresh.replication && updated.replication?.sequence == 2948)
        #expect(updated.timeZone == fresh.timeZone)
        #expect(updated.source == "monaco.osm.pbf" && fresh.source == "b.osm.pbf")

        try Self.expectSameAnswers(GeoPackagePlaces(url: fixture.store), GeoPackagePlaces(url: imported))
        try Self.expectNeighbourlyIndex(of: fixture.store, holding: updated)
        try Self.expectNeighbourlyIndex(of: imported, holding: fresh)
    }

    /// The index of the places whose postcode or country their neighbours
    /// give (`NeighbourlyPlacesTable`) holds those and no others, where they are.
    static func expectNeighbourlyIndex(of store: URL, holding dataset: PlacesDataset) throws {
        let sql = "SELECT p.id, r.minx, r.maxx, r.miny, r.maxy FROM nearby_neighbourly_places r JOIN places p ON p.fid = r.id"
        let read = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", store.path, sql])
        try #require(read.status == 0, "\(read.stderr)")
        var indexed: [PlaceID: [Double]] = [:]
        for line in read.stdout.split(separator: "\n") {
            let fields = line.split(separator: "|")
            indexed[String(fields[0])] = fields.dropFirst().compactMap { Double($0) }
        }
        let places = dataset.places.filter { IncrementalUpdate.takesFromNeighbours($0.address) }
        #expect(!places.isEmpty)
        #expect(Set(indexed.keys) == Set(places.map(\.id)))
        for place in places {
            guard let box = indexed[place.id], box.count == 4 else { continue }
            let (x, y) = (place.coordinate.longitude, place.coordinate.latitude)
            #expect(box[0] <= x && x <= box[1] && box[2] <= y && y <= box[3], "\(place.id) at \(x), \(y) indexed at \(box)")
        }
    }

    /// 1,000 seeded questions (nearby, by name, the address at a position) answered alike by both.
    static func expectSameAnswers(_ a: any PlaceSnapshot, _ b: any PlaceSnapshot) throws {
        // Radii up to 600 m (a quarter of Monaco's places at most) and an address at every twentieth: this runs
        // under AddressSanitizer in CI, where circles over all of Monaco made it the suite's costliest test
        // (a tenth of its CPU); larger circles are the store contract's (StoreContractTests).
        var random = SeededGenerator(seed: 31)
        let words = ["cafe", "bar", "pharmacie", "monte", "hotel", "restaurant", "bank", "boulangerie", "pizza", "musee"]
        for round in 0..<1_000 {
            let center = try Coordinate(
                latitude: Double.random(in: 43.724...43.752, using: &random), longitude: Double.random(in: 7.409...7.440, using: &random))
            let query = PlaceQuery(
                center: center, radius: Double.random(in: 50...600, using: &random),
                keyword: round % 3 == 0 ? words.randomElement(using: &random) : nil, limit: round % 2 == 0 ? 20 : nil)
            #expect(try a.places(matching: query) == b.places(matching: query), "\(query)")
            if round % 20 == 0 {
                #expect(try a.address(at: center, language: nil) == b.address(at: center, language: nil), "\(center)")
            }
        }
    }

    /// A server holding the store in memory brings it forward by what the
    /// update changed (`GeoPackagePlaces.bringingForward`), not by reading
    /// it whole, and then holds what B's store read whole holds; a store
    /// imported again over it is read whole.
    @Test func placesHeldInMemoryAreBroughtForwardByTheUpdate() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let held = try GeoPackagePlaces(url: fixture.store).inMemory()
        try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
        let imported = fixture.folder.appendingPathComponent("b.gpkg")
        try Fixture.succeed(["import", fixture.newer.path, "--out", imported.path, "--timezone", "Europe/Monaco"])

        let updated = try GeoPackagePlaces(url: fixture.store)
        let forward = try #require(try updated.bringingForward(held))
        let current = try updated.inMemory().revision
        #expect(forward.revision != held.revision && forward.revision == current)
        // The 4 added and 15 changed (and any the update wrote again unchanged) in the small index, not all 805.
        #expect((20..<100).contains(forward.store.changed.count), "\(forward.store.changed.count)")
        let whole = try GeoPackagePlaces(url: imported).inMemory()
        #expect(forward.store.count == whole.store.count)
        for place in whole.store.loaded.places { #expect(forward.place(id: place.id) == place) }
        // B renames a street: the sources moved on, and the index with them.
        #expect(held.addresses.sources.sorted != whole.addresses.sources.sorted)
        #expect(forward.addresses.sources.sorted == whole.addresses.sources.sorted)
        #expect(forward.info.categoryCounts == whole.info.categoryCounts && forward.info.placeCount == 805)
        #expect(forward.info.replication == whole.info.replication && forward.info.center == whole.info.center)
        try Self.expectSameAnswers(forward, whole)

        // Nothing new since: the same places, loaded when they were.
        #expect(try updated.bringingForward(forward)?.info.loadedAt == forward.info.loadedAt)
        // Another import is another store, however alike.
        try FileManager.default.removeItem(at: fixture.store)
        try FileManager.default.copyItem(at: imported, to: fixture.store)
        #expect(try GeoPackagePlaces(url: fixture.store).bringingForward(forward) == nil)
    }

    /// A sequence the store has is refused and the store left byte for byte;
    /// so is one that skips a sequence; without a state the same change
    /// applied again changes nothing.
    @Test func aChangeIsNotAppliedTwiceNorOneSkipped() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
        let after = try Data(contentsOf: fixture.store)

        let again = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path])
        #expect(again.status == 65)
        #expect(again.stderr.contains("is replication sequence 2948, which the store already has (it stands at 2948)"), "\(again.stderr)")
        #expect(try Data(contentsOf: fixture.store) == after)

        let later = fixture.folder.appendingPathComponent("000/002/950.osc.gz")
        try FileManager.default.copyItem(at: fixture.changes, to: later)
        try "sequenceNumber=2950\ntimestamp=2021-04-21T23\\:21\\:46Z\n".write(
            to: fixture.folder.appendingPathComponent("000/002/950.state.txt"), atomically: true, encoding: .utf8)
        let skipping = try NearbyBinary.run(["update", "--data", fixture.store.path, later.path])
        #expect(skipping.status == 65)
        #expect(skipping.stderr.contains("is replication sequence 2950, but the next one to apply is 2949"), "\(skipping.stderr)")
        #expect(try Data(contentsOf: fixture.store) == after)

        let bare = fixture.folder.appendingPathComponent("d.osc.gz")
        try FileManager.default.copyItem(at: fixture.changes, to: bare)
        let said = try Fixture.succeed(["update", "--data", fixture.store.path, bare.path])
        #expect(said.contains("0 added, 0 removed, 0 changed; 805 places as of 2021-04-21T21:21:46Z"), "\(said)")
        #expect(!said.contains("sequence"), "a change file without its state leaves the sequence unknown: \(said)")
    }

    /// A change whose state beside it cannot be read is refused, and the
    /// store keeps its sequence: a junk, negative, huge or empty sequence,
    /// a junk timestamp (65), a FIFO or a device (74, as for a change file).
    @Test func aChangeWhoseStateCannotBeReadIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        let state = fixture.changes.deletingLastPathComponent().appendingPathComponent("948.state.txt")
        let junk = [
            "junk", "sequenceNumber=-1\ntimestamp=2021-04-21T21\\:21\\:46Z\n",
            "sequenceNumber=99999999999999999999999\ntimestamp=2021-04-21T21\\:21\\:46Z\n", "",
            "sequenceNumber=2948\ntimestamp=yesterday\n",
        ]
        for text in junk {
            try Data(text.utf8).write(to: state)
            let run = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path])
            #expect(run.status == 65 && run.stderr.split(separator: "\n").count == 1, "\(text): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix("nearby: \(state.path), the replication state beside \(fixture.changes.path), cannot be read ("),
                "\(run.stderr)")
            #expect(try Data(contentsOf: fixture.store) == before)
        }
        try FileManager.default.removeItem(at: state)
        try #require(mkfifo(state.path, 0o600) == 0)
        let fifo = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path])
        #expect(fifo.status == 74 && fifo.stderr.contains("cannot be read (it is not a regular file"), "\(fifo.stderr)")
        try FileManager.default.removeItem(at: state)
        try FileManager.default.createSymbolicLink(atPath: state.path, withDestinationPath: "/dev/zero")
        let zero = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path])
        #expect(zero.status == 74 && zero.stderr.contains("cannot be read (it is not a regular file"), "\(zero.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
        #expect(try PlacesFile.dataset(at: fixture.store).replication?.sequence == 2947)
    }

    /// A change given twice is said so (64), and so is one sequence in two
    /// files (65), rather than as a gap to fill.
    @Test func aChangeGivenTwiceIsSaidSo() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        let twice = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path, fixture.changes.path])
        #expect(
            twice.status == 64
                && twice.stderr == "nearby: the change file \(fixture.changes.path) is given twice: give each change file once\n",
            "\(twice.stderr)")
        let copy = fixture.folder.appendingPathComponent("copy/948.osc.gz")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.changes, to: copy)
        try FileManager.default.copyItem(
            at: fixture.changes.deletingLastPathComponent().appendingPathComponent("948.state.txt"),
            to: copy.deletingLastPathComponent().appendingPathComponent("948.state.txt"))
        let again = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path, copy.path])
        #expect(
            again.status == 65
                && again.stderr == "nearby: \(copy.path) is replication sequence 2948, as \(fixture.changes.path) before it is: "
                    + "give each sequence once\n",
            "\(again.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
    }

    /// A change with negative ids (an edit never uploaded) is refused with
    /// what it is, not osmium's last line about ordering (65); a modify older
    /// than the store's version is left out, and the summary says so.
    @Test func aChangeOfUnuploadedOrOlderObjectsIsSaidSo() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        func change(_ body: String) throws -> URL {
            let file = fixture.folder.appendingPathComponent("\(UUID().uuidString).osc")
            try #"<?xml version="1.0" encoding="UTF-8"?><osmChange version="0.6" generator="test">\#(body)</osmChange>"#.write(
                to: file, atomically: true, encoding: .utf8)
            return file
        }
        let unuploaded = try change(
            #"<create><node id="-1" version="1" timestamp="2021-04-22T00:00:00Z" lat="43.73" lon="7.42"><tag k="amenity" v="cafe"/>"#
                + #"<tag k="name" v="Neuf"/></node><node id="-2" version="1" timestamp="2021-04-22T00:00:00Z" lat="43.731" lon="7.421"/>"#
                + "</create>")
        let refused = try NearbyBinary.run(["update", "--data", fixture.store.path, unuploaded.path])
        #expect(
            refused.status == 65
                && refused.stderr.hasPrefix("nearby: \(unuploaded.path) holds node -2, a negative id: an edit not yet uploaded")
                && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)

        // Dubernet (n1661243595) is at version 6 in the Monaco extract.
        let older = try change(
            #"<modify><node id="1661243595" version="1" timestamp="2010-01-01T00:00:00Z" lat="43.73" lon="7.42">"#
                + #"<tag k="amenity" v="cafe"/><tag k="name" v="Ancien"/></node></modify>"#)
        let said = try Fixture.succeed(["update", "--data", fixture.store.path, older.path])
        #expect(said.contains("0 added, 0 removed, 0 changed; 803 places"), "\(said)")
        #expect(said.contains("; left out n1661243595 v1, older than the version the store holds"), "\(said)")
    }

    /// A change of 100,000 created nodes (past the 1 MiB a value of a store
    /// read may be, as its ids are looked up) is applied in place; one past
    /// --max-changes is refused before anything reads it whole, and the
    /// default bound is said in --help.
    @Test func aLargeChangeIsAppliedAndOnePastTheBoundRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let text = fixture.folder.appendingPathComponent("large.opl")
        var lines = ""
        for index in 0..<100_000 {
            let (x, y) = (7.41 + Double(index % 300) * 0.0001, 43.725 + Double(index / 300) * 0.00005)
            lines += "n\(30_000_000_000 + index) v1 dV c1 t2021-04-22T00:00:00Z i1 u T x\(x) y\(y)\n"
        }
        try lines.write(to: text, atomically: true, encoding: .utf8)
        let change = fixture.folder.appendingPathComponent("large.osc.gz")
        let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["osmium", "cat", "-F", "opl", text.path, "-o", change.path])
        try #require(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: fixture.store)
        let refused = try NearbyBinary.run(["update", "--data", fixture.store.path, change.path, "--max-changes", "99999"])
        #expect(
            refused.status == 65
                && refused.stderr.hasPrefix("nearby: the changes touch 100000 objects, more than --max-changes 99999: "),
            "\(refused.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
        let said = try Fixture.succeed(["update", "--data", fixture.store.path, change.path])
        #expect(said.contains("0 added, 0 removed, 0 changed; 803 places as of 2021-04-22T00:00:00Z"), "\(said)")
        let help = try NearbyBinary.run(["update", "--help"])
        #expect(help.stdout.contains("(default 1000000"), "\(help.stdout)")
    }

    /// A change file cut short, or one that is no change file, fails the update
    /// with one line and leaves the store as it was, ready for the next.
    @Test(arguments: ["cut", "junk"]) func aBadChangeFileLeavesTheStoreAsItWas(_ kind: String) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        let bad = fixture.folder.appendingPathComponent("bad.osc.gz")
        let whole = try Data(contentsOf: fixture.changes)
        try (kind == "cut" ? whole.prefix(whole.count / 2) : Data("not a change file\n".utf8)).write(to: bad)
        let run = try NearbyBinary.run(["update", "--data", fixture.store.path, bad.path])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("nearby: osmium could not apply \(bad.path): "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted() == [
                "000", "a.gpkg", "b.osm.pbf", "bad.osc.gz",
            ])
        try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
    }

    /// A store that cannot be updated says why and what to do.
    @Test func aStoreWithoutItsExtractIsRefusedWithWhatToDo() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let geojson = fixture.folder.appendingPathComponent("places.geojson")
        try Fixture.succeed(["export", "--data", fixture.store.path, "--out", geojson.path])
        let fromGeoJSON = try NearbyBinary.run(["update", "--data", geojson.path, fixture.changes.path])
        #expect(fromGeoJSON.status == 65)
        #expect(fromGeoJSON.stderr.contains("is a places GeoJSON, which keeps no extract to update: import the extract into a GeoPackage"))

        // As a nearby from before updates wrote it: the same store without the extract.
        let older = fixture.folder.appendingPathComponent("older.gpkg")
        try GeoPackageWriter.write(try PlacesFile.dataset(at: fixture.store), to: older)
        let fromOlder = try NearbyBinary.run(["update", "--data", older.path, fixture.changes.path])
        #expect(fromOlder.status == 65)
        #expect(fromOlder.stderr.contains("keeps no extract to update (a nearby from before updates imported it): import the extract"))

        let missing = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.folder.appendingPathComponent("none.osc").path])
        #expect(missing.status == 66 && missing.stderr.contains("no change file at"), "\(missing.stderr)")
        let none = try NearbyBinary.run(["update", "--data", fixture.store.path])
        #expect(
            none.status == 64
                && none.stderr.contains("name the change files to apply (.osc, .osc.gz), or follow a feed with --replication"),
            "\(none.stderr)")
    }

    /// A store imported before the elements were kept (its extract, not its
    /// elements) is updated whole once, which keeps them; from then on in place.
    @Test func aStoreWithoutTheElementsIsUpdatedWholeOnceThenInPlace() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let older = fixture.folder.appendingPathComponent("older.gpkg")
        try GeoPackageWriter.write(try PlacesFile.dataset(at: fixture.store), to: older, extract: UpdateCommandTests.extract)
        #expect(!GeoPackageUpdate.isPossible(in: older))
        try Fixture.succeed(["update", "--data", older.path, fixture.changes.path])
        #expect(GeoPackageUpdate.isPossible(in: older))
        try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
        #expect(try PlacesFile.dataset(at: older).places.byID == PlacesFile.dataset(at: fixture.store).places.byID)
    }

    /// Writers of one store take turns: while one holds it, an update and an
    /// import of it are refused (exit 75) and the store is left alone.
    @Test func aSecondWriterIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        let holder = open(fixture.store.path, O_RDONLY)
        defer { close(holder) }
        try #require(flock(holder, LOCK_EX) == 0)
        let update = try NearbyBinary.run(["update", "--data", fixture.store.path, fixture.changes.path])
        let reimport = try NearbyBinary.run(["import", UpdateCommandTests.extract.path, "--out", fixture.store.path])
        for run in [update, reimport] {
            #expect(run.status == 75)
            #expect(run.stderr.contains("another nearby import or update is writing \(fixture.store.path); run this"), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: fixture.store) == before)
        flock(holder, LOCK_UN)
        try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
    }

    /// `serve --watch-data 1` answers from the updated store once the update
    /// has renamed it over, with no signal; every answer meanwhile comes wholly
    /// from one version or the other.
    @Test func aServerWatchingTheStoreServesTheUpdate() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (server, port) = try ServeCommandTests.serve(["--data", fixture.store.path, "--watch-data", "1"])
        defer { server.stop() }
        func dataset() -> (count: Int?, sequence: Int?)? {
            guard let (status, body) = try? ServeCommandTests.get(port, "/api/dataset"), status == 200,
                let json = try? NearbyBinary.json(body)
            else { return nil }
            return (json["place_count"] as? Int, (json["replication"] as? [String: Any])?["sequence"] as? Int)
        }
        let before = try #require(dataset())
        #expect(before.count == 803 && before.sequence == 2947, "\(before)")

        try Fixture.succeed(["update", "--data", fixture.store.path, fixture.changes.path])
        var seen: [String] = []
        #expect(
            server.waitUntil(seconds: 30) {
                let now = dataset()
                seen.append(now.map { "\($0.count ?? -1)@\($0.sequence ?? -1)" } ?? "failed")
                return now?.count == 805
            }, "\(server.stderr)")
        #expect(Set(seen).isSubset(of: ["803@2947", "805@2948"]), "\(seen)")
        #expect(dataset()?.sequence == 2948)
        server.send(SIGINT)
        #expect(server.waitForExit(seconds: 30) == 0)
    }
}
