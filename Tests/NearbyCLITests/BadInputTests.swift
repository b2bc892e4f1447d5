import Foundation
import Testing

/// Every bad input gets one line on stderr and its sysexits code.
struct BadInputTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    @Test(
        arguments: [
            (["list", "--lat", "91", "--lon", "7.4"], 64, "latitude 91.0 is outside -90…90"),
            (["list", "--lat", "43.7", "--lon", "-180.5"], 64, "longitude -180.5 is outside -180…180"),
            (["list", "--lat", "abc", "--lon", "7.4"], 64, "'abc' is invalid for '--lat"),
            (["list", "--lat", "nan", "--lon", "7.4"], 64, "The value 'nan' is invalid for '--lat <deg>': not a decimal number"),
            (["list", "--lat", "0x1p5", "--lon", "7.4"], 64, "The value '0x1p5' is invalid for '--lat <deg>': not a decimal number"),
            (["list", "--lat", "43.7", "--lon", "inf"], 64, "The value 'inf' is invalid for '--lon <deg>': not a decimal number"),
            (
                ["list", "--lat", "43.7", "--lon", "7.4", "--radius", "0x10"], 64,
                "The value '0x10' is invalid for '--radius <m>': not a decimal number"
            ),
            (
                ["list", "--lat", "43.7384", "--lon", "7.4246", "--radius", "1e19"], 64,
                "--radius must be at most 20037508 metres (half the equator), not 1e+19"
            ),
            (["feed", "--lat", "43.7384", "--lon", "7.4246", "--radius", "20037509"], 64, "--radius must be at most 20037508 metres"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--size", "300x200"], 64, "--size draws the map: add --png FILE"),
            (["show", "n4316767531", "--scale", "3", "--tiles", "Tiles"], 64, "--scale and --tiles draw the map: add --png FILE"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--png8"], 64, "--png8 draws the map: add --png FILE"),
            (["show", "x123"], 64, "x123 is not a place id: n (node), w (way) or r (relation) and a number"),
            (
                ["serve", "--cache-megabytes", "32,x,32"], 64,
                "--cache-megabytes must be three whole numbers of megabytes, 0 to 65536, such as 32,64,32; not 32,x,32"
            ),
            (["serve", "--cache-megabytes", "32,64"], 64, "--cache-megabytes must be three whole numbers"),
            (["serve", "--max-connections", "0"], 64, "--max-connections must be at least 1, not 0"),
            (["serve", "--request-timeout", "0"], 64, "--request-timeout must be whole seconds from 1 to 3600, not 0"),
            (["serve", "--drawing-threads", "0"], 64, "--drawing-threads must be at least 1, not 0"),
            (["serve", "--drawing-queue=-1"], 64, "--drawing-queue must be 0 or more, not -1"),
            (["show", "n4316767531", "--png", "/tmp/nearby-unused.png", "--scale", "-1"], 64, "scale -1 is not 1, 2 or 3"),
            (["show", "n4316767531", "--png", "/tmp/nearby-unused.png", "--size", "-2x2"], 64, "size \"-2x2\" is not WIDTHxHEIGHT"),
            (
                ["show", "n4316767531", "--png", "/tmp/nearby-unused.png", "--size", "4611686018427387905x450"], 64,
                "4611686018427387905x450 pixels is too large"
            ),
            (["show", "n4316767531", "--png", "/tmp/nearby-unused.png", "--size", "2049x10"], 64, "4098x20 pixels is too large"),
            (
                ["list", "--lat", "89.9", "--lon", "7.42", "--png", "/tmp/nearby-unused.png"], 64,
                "a map cannot show latitude 89.9: Web Mercator maps reach ±85.05°"
            ),
            (
                ["list", "--lat", "0", "--lon", "-179", "--radius", "20000000", "--category", "atm", "--png", "/tmp/nearby-unused.png"], 64,
                "the places and the position are too far apart for one map (224° across, at most 180°): give a smaller --radius"
            ),
            (
                ["show", "n4316767531", "--png", "/tmp/nearby-unused.png", "--tiles", "/nonexistent/tiles"], 66,
                "no tile directory at /nonexistent/tiles (--tiles: a folder of {z}/{x}/{y}.png or an .mbtiles file)"
            ),
            (
                ["show", "n4316767531", "--png", "/tmp/nearby-unused.png", "--tiles", "/nonexistent/monaco.mbtiles"], 66,
                "cannot read the MBTiles file /nonexistent/monaco.mbtiles: there is no such file (--tiles)"
            ),
            (
                ["tiles", "render", "--out", "/nonexistent/monaco.mbtiles"], 73,
                "the output directory /nonexistent does not exist"
            ),
            (
                ["tiles", "render", "--from", "/nonexistent.osm.pbf", "--out", "/tmp/nearby-unused"], 66,
                "the OpenStreetMap extract /nonexistent.osm.pbf does not exist"
            ),
            (["tiles", "render", "--margin", "-1"], 64, "--margin -1 is not between 0 and 8"),
            (["tiles", "render", "--zoom", "-3"], 64, "zoom \"-3\" is not a zoom or a range"),
            (["list", "--lat", "43.7"], 64, "--lat needs --lon"),
            (["list"], 64, "a position is needed"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--radius", "0"], 64, "--radius must be a positive number"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--radius", "-5"], 64, "--radius must be a positive number"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--limit", "0"], 64, "--limit must be at least 1"),
            (
                ["list", "--lat", "43.7", "--lon", "7.4", "--category", "spaceport"], 64,
                "--category: unknown kind spaceport; name a category or a group (food, shopping"
            ),
            (["list", "--lat", "43.7", "--lon", "7.4", "--exclude-category", "x\u{1B}"], 64, "--exclude-category: unknown kind x\\u{1b}"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--units", "furlongs"], 64, "furlongs"),
            (["list", "--lat", "43.7", "--lon", "7.4", "--lang", "français"], 64, "--lang takes a language code such as fr"),
            (["search", "x", "--lat", "43.7", "--lon", "7.4"], 64, "the search text needs at least 2 letters or digits"),
            (["search", "cafe"], 64, "a position is needed: --lat DEG --lon DEG"),
            (
                ["search", String(repeating: "a", count: 125_000), "--lat", "43.7", "--lon", "7.4"], 64,
                "the search text is 125000 bytes, more than the 400 a search takes"
            ),
            (
                ["search", String(repeating: "é", count: 201), "--lat", "43.7", "--lon", "7.4"], 64,
                "the search text is 402 bytes, more than the 400 a search takes"
            ),
            (["show", "n1"], 65, "no place with id n1"),
            (
                ["list", "--lat", "43.7", "--lon", "7.4", "--data", "/nonexistent/places.geojson"], 66,
                "no places dataset at /nonexistent/places.geojson"
            ),
            (["import", "/nonexistent.osm.pbf", "--out", "/tmp/x.geojson"], 66, "no OSM extract at /nonexistent.osm.pbf"),
            (
                ["import", "Data/monaco.osm.pbf", "--out", "/nonexistent/dir/places.geojson"], 73,
                "the output directory /nonexistent/dir does not exist"
            ),
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

    /// The search text's limit is the server's `keyword` limit, in bytes, and no less.
    @Test func aSearchTextOfTheLimitIsSearched() throws {
        let run = try NearbyBinary.run(["search", String(repeating: "é", count: 100)] + Self.position)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("(0 found)"))
    }

    @Test func anInvalidDatasetNamesTheFeature() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).geojson")
        try Data(
            (#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"n1","#
                + #""geometry":{"type":"Point","coordinates":[7.4,43.7]},"properties":{"name":5,"category":"cafe"}}]}"#).utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try NearbyBinary.run(["list"] + Self.position + ["--data", file.path])
        #expect(run.status == 65)
        #expect(run.stderr == "nearby: invalid places dataset \(file.path), feature 0 (properties.name): expected a string\n")
    }
}
