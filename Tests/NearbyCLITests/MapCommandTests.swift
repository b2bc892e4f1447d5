import Foundation
import Testing

struct MapCommandTests {
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-map-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Width and height from the PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func showDrawsTheDetailMap() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("cafe.png")
        let run = try NearbyBinary.run([
            "show", "n4316767531", "--lat", "43.7384", "--lon", "7.4246", "--png", png.path, "--size", "300x200", "--scale", "3",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Café de Paris"))
        #expect(run.stderr.contains("wrote \(png.path)"))
        let size = Self.pngSize(try Data(contentsOf: png))
        #expect(size?.0 == 900 && size?.1 == 600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["cafe.png"])
    }

    @Test func listDrawsItsPlaces() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("atms.png")
        let run = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--category", "atm", "--png", png.path])
        #expect(run.status == 0)
        let size = Self.pngSize(try Data(contentsOf: png))
        #expect(size?.0 == 1200 && size?.1 == 800)
    }

    /// 144 places to eat in Monaco cannot all stand on their places on one
    /// 600×400 map: the line that names the file says how they stand.
    @Test func aCrowdedListSaysWhereItsPinsStand() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("food.png")
        let run = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--category", "food", "--png", png.path])
        #expect(run.status == 0)
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("wrote") })
        let clustered = try #require(line.firstMatch(of: /; (?:(\d+) pins spread apart, )?(\d+) places in (\d+) clusters?\)$/))
        let spread = clustered.output.1.flatMap { Int($0) } ?? 0
        let places = try #require(Int(clustered.output.2))
        #expect(places + spread <= 144 && places > 20 && Int(clustered.output.3)! >= 2)
    }

    /// `--json` reports the map beside the place: on a 120×80 map the
    /// name's bubble has no room clear of the pin, so it is dropped and
    /// counted; on the default size it is drawn.
    @Test(arguments: [("120x80", 1), ("600x400", 0)])
    func jsonCountsTheNamesLeftOut(size: String, dropped: Int) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("cafe.png")
        let run = try NearbyBinary.run(["show", "n4316767531", "--png", png.path, "--size", size, "--scale", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let map = try #require(document["map"] as? [String: Any])
        #expect(document["name"] as? String == "Café de Paris")
        #expect(map["labels_dropped"] as? Int == dropped)
        #expect(map["file"] as? String == png.path)
        #expect(map["width_px"] as? Int == Int(size.prefix { $0 != "x" }))
        #expect(run.stderr.contains("name left out for want of room") == (dropped == 1))
    }

    @Test func png8WritesAPalettePNG() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = dir.appendingPathComponent("full.png"), palette = dir.appendingPathComponent("palette.png")
        for (url, extra) in [(full, [String]()), (palette, ["--png8"])] {
            let run = try NearbyBinary.run(["show", "n4316767531", "--png", url.path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let fullBytes = try Data(contentsOf: full), paletteBytes = try Data(contentsOf: palette)
        #expect(Self.pngSize(paletteBytes).map { [$0.0, $0.1] } == [1200, 800])
        #expect([UInt8](fullBytes)[25] == 2 && [UInt8](paletteBytes)[25] == 3, "IHDR colour types: RGB, then palette")
        #expect(paletteBytes.count < fullBytes.count)
    }

    /// A tile folder's metadata.json that cannot be used is said, once, and the map is still drawn.
    @Test func unusableTileMetadataIsAWarning() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiles = dir.appendingPathComponent("tiles")
        try FileManager.default.createDirectory(at: tiles, withIntermediateDirectories: true)
        let committed = NearbyBinary.repository.appendingPathComponent("Tiles")
        for zoom in try FileManager.default.contentsOfDirectory(atPath: committed.path) where Int(zoom) != nil {
            try FileManager.default.createSymbolicLink(
                at: tiles.appendingPathComponent(zoom), withDestinationURL: committed.appendingPathComponent(zoom))
        }
        try Data(#"{"attribution": 7}"#.utf8).write(to: tiles.appendingPathComponent("metadata.json"))
        let png = dir.appendingPathComponent("map.png")
        let run = try NearbyBinary.run(["show", "n4316767531", "--png", png.path, "--tiles", tiles.path])
        #expect(run.status == 0)
        #expect(
            run.stderr.hasPrefix(
                "nearby: warning: \(tiles.path)/metadata.json: \"attribution\" is not text; drawing \"© OpenStreetMap contributors\"\n"))
        #expect(FileManager.default.fileExists(atPath: png.path))
    }

    @Test(
        arguments: [
            (["--size", "600by400"], 64), (["--size", "0x400"], 64), (["--size", "3000x400"], 64),
            (["--scale", "4"], 64), (["--span", "0"], 64), (["--span", "181"], 64),
        ] as [([String], Int32)])
    func badMapOptionsAreUsageErrors(arguments: [String], status: Int32) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try NearbyBinary.run(["show", "n4316767531", "--png", dir.appendingPathComponent("x.png").path] + arguments)
        #expect(run.status == status)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aMissingOutputDirectoryCannotBeCreated() throws {
        let run = try NearbyBinary.run(["show", "n4316767531", "--png", "/nonexistent/dir/x.png"])
        #expect(run.status == 73)
        #expect(run.stderr == "nearby: the output directory /nonexistent/dir does not exist\n")
    }
}
