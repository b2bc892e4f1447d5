import Foundation
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

    @Test func writesToStandardOutput() throws {
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", "-"])
        #expect(run.status == 0)
        let json = try NearbyBinary.json(run.stdout)
        #expect(json["type"] as? String == "FeatureCollection")
        #expect((json["features"] as? [Any])?.count ?? 0 > 200)
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
