import Foundation
import MapRender
import NearbyTestSupport
import Testing

@testable import NearbyCLI

/// The extract a server draws missing tiles from follows the store: a
/// reload that finds the store as it was (a SIGHUP) leaves the basemap and
/// the tiles it drew alone; one after an update points it at the store's
/// new extract, and the copy it read before is removed.
struct KeptExtractTests {
    @Test func theBasemapFollowsAStoreOnlyWhenItMovesOn() async throws {
        let fixture = try TileRedrawTests()
        let store = fixture.folder.appendingPathComponent("places.gpkg")
        try fixture.succeed(["import", TileRedrawTests.extract.path, "--out", store.path])
        let kept = try KeptExtract(.file(store), beside: nil)
        defer { kept.remove() }
        let basemap = OnDemandBasemap(source: try #require(try await kept.source()))
        _ = try basemap.renderTile(TileKey(z: 14, x: 8529, y: 5974))
        let firstCopies = try FileManager.default.contentsOfDirectory(atPath: kept.folder.path)
        #expect(firstCopies.count == 1)

        try await kept.follow(basemap)
        #expect(basemap.generation == 0 && basemap.isLoaded, "the store has not moved on")

        try fixture.succeed(["update", "--data", store.path, fixture.changes.path])
        try await kept.follow(basemap)
        #expect(basemap.generation == 1 && !basemap.isLoaded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept.folder.path).isEmpty, "the earlier copy is removed")
        _ = try basemap.renderTile(TileKey(z: 14, x: 8529, y: 5974))
        let copy = try #require(try FileManager.default.contentsOfDirectory(atPath: kept.folder.path).first)
        #expect(copy != firstCopies.first)
        // What the basemap read is B: the same objects, whatever the files' headers and blocks (`osmium diff`: 0 when none differ).
        let diff = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/osmium"), ["diff", "--quiet", fixture.newer.path, kept.folder.appendingPathComponent(copy).path])
        #expect(diff.status == 0, "\(diff.stderr)")
    }
}
