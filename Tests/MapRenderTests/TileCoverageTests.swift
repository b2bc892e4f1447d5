import Foundation
import NearbyKit
import NearbyTestSupport
import Testing

@testable import MapRender

/// The zooms and box a tile set says it holds, as TileJSON (numbers) and
/// MBTiles (text) write them, which the pages' moving map keeps to.
struct TileCoverageTests {
    @Test func readsNumbersAndText() {
        let json = TileCoverage(minzoom: 10 as NSNumber, maxzoom: 17 as NSNumber, bounds: [7.4, 43.7, 7.5, 43.8].map { $0 as NSNumber })
        let text = TileCoverage(minzoom: "10", maxzoom: " 17", bounds: "7.4, 43.7,7.5,43.8")
        let box = BoundingBox(minLongitude: 7.4, minLatitude: 43.7, maxLongitude: 7.5, maxLatitude: 43.8)
        #expect(json == TileCoverage(zooms: 10...17, bounds: box))
        #expect(text == json)
    }

    @Test(
        arguments: [
            ("3", "2"), ("-1", "4"), ("0", "31"), ("1.5", "4"), ("", "4"), (nil, "4"),
        ] as [(String?, String?)])
    func zoomsOutOfOrderOrRangeAreNone(_ low: String?, _ high: String?) {
        #expect(TileCoverage(minzoom: low, maxzoom: high, bounds: "7.4,43.7,7.5,43.8") == nil)
    }

    /// A box that is none keeps the zooms and drops the box.
    @Test(arguments: ["7.5,43.7,7.4,43.8", "7.4,43.7,7.5", "7.4,43.7,7.5,nan", "-200,43.7,7.5,43.8", "7.4,43.7,7.5,95", "x"])
    func aBoxThatIsNoneIsLeftOut(_ bounds: String) {
        #expect(TileCoverage(minzoom: "2", maxzoom: "4", bounds: bounds) == TileCoverage(zooms: 2...4, bounds: nil))
    }

    /// A folder's `metadata.json` is read again when a render rewrites it under a running server.
    @Test func aFolderFollowsItsMetadata() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = TileFolder(directory: directory)
        #expect(folder.coverage == nil)
        let box = [7.409205, 43.72335, 7.448037, 43.75169]
        #expect(try TileSetMetadata(name: "monaco", zooms: 12...14, bounds: box).write(into: directory) == .written)
        #expect(folder.coverage?.zooms == 12...14)
        #expect(
            folder.coverage?.bounds == BoundingBox(minLongitude: box[0], minLatitude: box[1], maxLongitude: box[2], maxLatitude: box[3]))
        // A second render's zooms are added to the first's (TileSetMetadata.write).
        #expect(try TileSetMetadata(name: "monaco", zooms: 15...16, bounds: box).write(into: directory) == .written)
        #expect(folder.coverage?.zooms == 12...16)
    }
}
