import Foundation
import Testing

/// Every bad input gets one line on stderr and its sysexits code.
struct BadInputTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    @Test(arguments: [
        (["list", "--lat", "91", "--lon", "7.4"], 64, "latitude 91.0 is outside -90…90"),
        (["list", "--lat", "43.7", "--lon", "-180.5"], 64, "longitude -180.5 is outside -180…180"),
        (["list", "--lat", "abc", "--lon", "7.4"], 64, "'abc' is invalid for '--lat"),
        (["list", "--lat", "nan", "--lon", "7.4"], 64, "latitude is not a finite number"),
        (["list", "--lat", "43.7"], 64, "--lat needs --lon"),
        (["list"], 64, "a position is needed"),
        (["list", "--lat", "43.7", "--lon", "7.4", "--radius", "0"], 64, "--radius must be a positive number"),
        (["list", "--lat", "43.7", "--lon", "7.4", "--radius", "-5"], 64, "--radius must be a positive number"),
        (["list", "--lat", "43.7", "--lon", "7.4", "--limit", "0"], 64, "--limit must be at least 1"),
        (["list", "--lat", "43.7", "--lon", "7.4", "--category", "spaceport"], 64, "unknown category spaceport; choose from restaurant, cafe"),
        (["list", "--lat", "43.7", "--lon", "7.4", "--units", "furlongs"], 64, "furlongs"),
        (["show", "n1"], 65, "no place with id n1"),
        (["list", "--lat", "43.7", "--lon", "7.4", "--data", "/nonexistent/places.geojson"], 66, "no places dataset at /nonexistent/places.geojson"),
        (["import", "/nonexistent.osm.pbf", "--out", "/tmp/x.geojson"], 66, "no OSM extract at /nonexistent.osm.pbf"),
        (["import", "Data/monaco.osm.pbf", "--out", "/nonexistent/dir/places.geojson"], 73, "the output directory /nonexistent/dir does not exist"),
        (["frobnicate"], 64, "frobnicate"),
    ] as [([String], Int32, String)])
    func oneLineAndACode(arguments: [String], status: Int32, message: String) throws {
        let run = try NearbyBinary.run(arguments)
        #expect(run.status == status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("nearby: "))
        #expect(run.stderr.contains(message))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func anInvalidDatasetNamesTheFeature() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).geojson")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"n1","geometry":{"type":"Point","coordinates":[7.4,43.7]},"properties":{"name":5,"category":"cafe"}}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try NearbyBinary.run(["list"] + Self.position + ["--data", file.path])
        #expect(run.status == 65)
        #expect(run.stderr == "nearby: invalid places dataset \(file.path), feature 0 (properties.name): expected a string\n")
    }
}
