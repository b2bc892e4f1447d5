import Foundation
import Testing

/// `nearby tiles render` bounded by the data read, refusing absurd work,
/// and leaving only whole tiles when interrupted.
final class TilesRenderTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// An OSM XML extract whose header box is the whole world, holding one
    /// street: the Monaco harbour front, or from Monaco to Paris.
    func worldBoxExtract(reachingParis: Bool = false) throws -> URL {
        let far =
            reachingParis
            ? #"<node id="3" lat="48.8566" lon="2.3522" version="1"/>"# : #"<node id="3" lat="43.7360" lon="7.4260" version="1"/>"#
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="test">
              <bounds minlat="-90" minlon="-180" maxlat="90" maxlon="180"/>
              <node id="1" lat="43.7350" lon="7.4220" version="1"/>
              <node id="2" lat="43.7355" lon="7.4240" version="1"/>
              \(far)
              <way id="10" version="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
            </osm>
            """
        let url = directory.appendingPathComponent(reachingParis ? "paris.osm" : "harbour.osm")
        try Data(xml.utf8).write(to: url)
        return url
    }

    func files(under folder: URL) -> [String] {
        // z/x/file: tiles, and any temporary file left beside them.
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.split(separator: "/").count == 3 }
    }

    @Test func aWorldHeaderBoxIsBoundedByTheDataRead() throws {
        let out = directory.appendingPathComponent("tiles")
        // The header box alone would be 22 million tiles at zooms 10-12.
        let run = try NearbyBinary.run([
            "tiles", "render", "--from", try worldBoxExtract().path, "--zoom", "10-12", "--out", out.path, "--margin", "0",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Rendered 3 tiles (zooms 10-12"))
        #expect(Set(files(under: out)) == ["10/533/373.png", "11/1066/746.png", "12/2132/1493.png"])
    }

    /// The tiles' credit and extent go into a TileJSON metadata.json, which
    /// a second rendering into the same folder widens; one another tool
    /// wrote is kept, with a note.
    @Test func metadataNamesTheCreditAndGrowsWithEachRendering() throws {
        let out = directory.appendingPathComponent("tiles")
        let extract = NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf").path
        for zoom in ["12", "10-11"] {
            let run = try NearbyBinary.run(["tiles", "render", "--from", extract, "--zoom", zoom, "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("; peak memory "))
        }
        let file = out.appendingPathComponent("metadata.json")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(metadata["attribution"] as? String == "© OpenStreetMap contributors")
        #expect(metadata["minzoom"] as? Int == 10 && metadata["maxzoom"] as? Int == 12)
        #expect(metadata["tilejson"] as? String == "3.0.0" && metadata["name"] as? String == "monaco")
        // Within the extract's header box, 7.409205–7.448637 E, 43.72335–43.75169 N.
        let bounds = try #require(metadata["bounds"] as? [Double])
        #expect(bounds.count == 4 && bounds[0] >= 7.409205 && bounds[2] <= 7.448637 && bounds[1] >= 43.72335 && bounds[3] <= 43.75169)

        let foreign = #"{"attribution": "<a href=\"https://example.org\">© Example tiles</a>"}"#
        try Data(foreign.utf8).write(to: file)
        let run = try NearbyBinary.run(["tiles", "render", "--from", extract, "--zoom", "10", "--out", out.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("nearby: note: kept \(file.path), which another tool wrote"))
        #expect(try String(contentsOf: file, encoding: .utf8) == foreign)
    }

    @Test func anAbsurdNumberOfTilesIsRefused() throws {
        let out = directory.appendingPathComponent("tiles")
        let run = try NearbyBinary.run([
            "tiles", "render", "--from", try worldBoxExtract(reachingParis: true).path, "--zoom", "18-20", "--out", out.path,
        ])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("nearby: that is "))
        #expect(run.stderr.hasSuffix(" tiles, more than 1000000: give a narrower --zoom or a smaller extract\n"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func anInterruptionLeavesOnlyWholeTiles(_ signo: Int32, status: Int32) throws {
        let out = directory.appendingPathComponent("tiles-\(signo)")
        let render = try RunningNearby([
            "tiles", "render", "--from", "Data/monaco.osm.pbf", "--zoom", "10-17", "--out", out.path, "--no-progress",
        ])
        defer { render.stop() }
        #expect(render.waitUntil(seconds: 60) { !self.files(under: out).isEmpty })
        render.send(signo)
        #expect(render.waitForExit() == status)
        #expect(render.stderr.hasPrefix("nearby: interrupted"))
        let written = files(under: out)
        #expect(!written.isEmpty)
        #expect(
            written.allSatisfy { $0.hasSuffix(".png") && !$0.split(separator: "/").last!.hasPrefix(".") },
            "\(written.filter { $0.contains("/.") })")
    }

    @Test func SIGQUITEndsItAtOnce() throws {
        let out = directory.appendingPathComponent("tiles-quit")
        let render = try RunningNearby([
            "tiles", "render", "--from", "Data/monaco.osm.pbf", "--zoom", "10-17", "--out", out.path, "--no-progress",
        ])
        defer { render.stop() }
        #expect(render.waitUntil(seconds: 60) { !self.files(under: out).isEmpty })
        render.send(SIGQUIT)
        #expect(render.waitForExit() != nil)
        #expect(render.process.terminationReason == .uncaughtSignal)
    }

    /// `--out FILE.mbtiles`: one file that `--png` and `serve` read; a file
    /// that is no MBTiles is one line and status 65.
    @Test func rendersAnMBTilesFileThatMapsAreDrawnFrom() throws {
        let file = directory.appendingPathComponent("monaco.mbtiles")
        let extract = NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf").path
        let store = NearbyBinary.repository.appendingPathComponent("Data/places.gpkg").path
        let run = try NearbyBinary.run(["tiles", "render", "--from", extract, "--zoom", "14-15", "--out", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Rendered ") && run.stdout.contains(" into \(file.path); "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["monaco.mbtiles"])

        let png = directory.appendingPathComponent("cafe.png")
        let show = try NearbyBinary.run(["show", "n4316767531", "--data", store, "--tiles", file.path, "--png", png.path])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(!show.stderr.contains("warning"), "\(show.stderr)")
        let over = try NearbyBinary.run(["show", "n4316767531", "--data", store, "--tiles", file.path, "--png", file.path])
        #expect(over.status == 64 && over.stderr.contains("is the MBTiles file the map is drawn from"), "\(over.stderr)")

        let bad = directory.appendingPathComponent("bad.mbtiles")
        try Data("not tiles".utf8).write(to: bad)
        let refused = try NearbyBinary.run(["show", "n4316767531", "--data", store, "--tiles", bad.path, "--png", png.path])
        #expect(refused.status == 65)
        #expect(refused.stderr == "nearby: cannot read the MBTiles file \(bad.path): it is not an SQLite database (--tiles)\n")
    }

    /// `--out X.mbtiles` replaces only an MBTiles file nearby wrote (or an
    /// empty file): over a text file or a GeoPackage named `.mbtiles`, it
    /// refuses before reading the extract (73), and the file stays as it was.
    @Test func aFileNearbyDidNotWriteIsNotReplaced() throws {
        let text = directory.appendingPathComponent("notes.mbtiles")
        try Data("my notes\n".utf8).write(to: text)
        let store = directory.appendingPathComponent("store.mbtiles")
        try FileManager.default.copyItem(at: NearbyBinary.repository.appendingPathComponent("Data/places.gpkg"), to: store)
        for (file, reason) in [(text, "it is not an SQLite database"), (store, "it is an SQLite database but not an MBTiles file")] {
            let before = try Data(contentsOf: file)
            let run = try NearbyBinary.run(["tiles", "render", "--from", "Data/monaco.osm.pbf", "--zoom", "12", "--out", file.path])
            #expect(run.status == 73)
            #expect(
                run.stderr
                    == "nearby: --out \(file.path) is not an MBTiles file nearby wrote (\(reason)), so it is not replaced: "
                    + "remove it or write to another file\n")
            #expect(try Data(contentsOf: file) == before)
        }
        // An empty file is nobody's data; nearby's own file is replaced.
        let empty = directory.appendingPathComponent("empty.mbtiles")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        for _ in 0..<2 {
            let run = try NearbyBinary.run(["tiles", "render", "--from", "Data/monaco.osm.pbf", "--zoom", "12", "--out", empty.path])
            #expect(run.status == 0, "\(run.stderr)")
        }
    }

    /// An interrupted render into an MBTiles file leaves the file as it was, and nothing beside it.
    @Test func anInterruptedRenderLeavesTheMBTilesFileAsItWas() throws {
        let file = directory.appendingPathComponent("monaco.mbtiles")
        let first = try NearbyBinary.run(["tiles", "render", "--from", "Data/monaco.osm.pbf", "--zoom", "12", "--out", file.path])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: file)
        let render = try RunningNearby([
            "tiles", "render", "--from", "Data/monaco.osm.pbf", "--zoom", "10-17", "--out", file.path, "--no-progress",
        ])
        defer { render.stop() }
        // The file is being built beside it.
        #expect(
            render.waitUntil(seconds: 60) {
                ((try? FileManager.default.contentsOfDirectory(atPath: self.directory.path)) ?? []).contains {
                    $0.hasPrefix(".monaco.mbtiles.")
                }
            })
        render.send(SIGINT)
        #expect(render.waitForExit() == 130)
        #expect(render.stderr.hasPrefix("nearby: interrupted after "), "\(render.stderr)")
        #expect(render.stderr.hasSuffix(": \(file.path) is as it was\n"), "\(render.stderr)")
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["monaco.mbtiles"])
    }
}
