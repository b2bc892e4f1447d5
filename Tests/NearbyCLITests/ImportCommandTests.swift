import Foundation
import NearbyGeoPackage
import Testing

struct ImportCommandTests {
    /// `nearby import` on the committed extract writes the committed dataset, and says what it skipped.
    @Test func reproducesTheCommittedDataset() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-import-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("places.geojson")
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", out.path, "--timezone", "Europe/Monaco"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("imported"))
        #expect(run.stderr.contains("unnamed"))
        let committed = try Data(contentsOf: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"))
        #expect(try Data(contentsOf: out) == committed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["places.geojson"])

        let listed = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--data", out.path, "--category", "nightclub"])
        #expect(listed.stdout.contains("Jimmy’z Monte-Carlo"))
    }

    /// With no --out, a GeoPackage at Data/places.gpkg (Data/ made if missing): the same
    /// places as the committed store, which `nearby export` turns into the committed GeoJSON.
    @Test func reproducesTheCommittedGeoPackage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-import-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let extract = NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf").path
        let run = try NearbyBinary.run(["import", extract, "--timezone", "Europe/Monaco"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote Data/places.gpkg: imported 803 places"))
        let out = dir.appendingPathComponent("Data/places.gpkg")
        #expect(try PlacesFile.format(of: out) == .geoPackage)
        let committed = NearbyBinary.repository.appendingPathComponent("Data/places.gpkg")
        #expect(try PlacesFile.dataset(at: out).places == PlacesFile.dataset(at: committed).places)

        let exported = try NearbyBinary.run(["export", "--data", out.path])
        #expect(exported.status == 0)
        #expect(Data(exported.stdout.utf8) == (try Data(contentsOf: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"))))
        // And `list` in that directory finds the new store by itself.
        let listed = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--category", "nightclub"], in: dir)
        #expect(listed.stdout.contains("Jimmy’z Monte-Carlo"))
    }

    /// What a writer killed before its rename left (`kill -9` of an import) is
    /// removed by the next write of the same file, once nothing holds it; a
    /// temporary that another live writer holds locked is left alone.
    @Test func anAbandonedTemporaryIsRemovedAndALiveOneKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-import-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let abandoned = dir.appendingPathComponent(".places.gpkg.a1B2c3"), live = dir.appendingPathComponent(".places.gpkg.x9Y8z7")
        for file in [abandoned, live] {
            try Data("SQLite format 3\u{0}half a store".utf8).write(to: file)
            // As a minute after the kill: a temporary that fresh may be a writer's first instant.
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: file.path)
        }
        // A live writer holds its temporary locked; this process is one here.
        let writer = open(live.path, O_RDWR)
        defer { close(writer) }
        try #require(flock(writer, LOCK_EX) == 0)
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", dir.appendingPathComponent("places.gpkg").path])
        #expect(run.status == 0, "\(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [".places.gpkg.x9Y8z7", "places.gpkg"])
    }

    @Test func aGeoPackageCannotGoToAPipe() throws {
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", "-", "--format", "gpkg"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("a GeoPackage is a database file and cannot go to standard output"))
        let device = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", "/dev/null"])
        #expect(device.status == 73)
        #expect(device.stderr.contains("will not write /dev/null: a GeoPackage is a database file"))
    }

    /// Standard output; and `--replication-url` recorded over the feed the extract's header names.
    @Test func writesToStandardOutput() throws {
        let feed = "https://feeds.example/monaco-updates"
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", "-", "--replication-url", feed])
        #expect(run.status == 0)
        let json = try NearbyBinary.json(run.stdout)
        #expect(json["type"] as? String == "FeatureCollection")
        #expect((json["features"] as? [Any])?.count ?? 0 > 200)
        let replication = json["replication"] as? [String: Any]
        #expect(replication?["base_url"] as? String == feed && replication?["sequence"] as? Int == 2947)
        #expect(replication?["timestamp"] as? String == "2021-04-21T20:21:46Z")
    }

    @Test(arguments: ["monaco-updates", "ftp://feeds.example/x", "https://feeds.example/x?since=1"])
    func aReplicationURLThatIsNoFeedIsAUsageError(_ url: String) throws {
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", "-", "--replication-url", url])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--replication-url takes the feed's address"), "\(run.stderr)")
    }

    @Test func aFileThatIsNotAnExtractIsBadData() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID()).osm.pbf")
        try Data("junk".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try NearbyBinary.run(["import", file.path, "--out", "-"])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("nearby: osmium could not read the extract"))
        #expect(run.stdout.isEmpty)
    }
}
