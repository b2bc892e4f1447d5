import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// A tile folder's `metadata.json` names the credit its maps carry.
@Suite struct TileSetAttributionTests {
    /// The committed tiles, linked into a scratch folder that also holds `metadata`.
    static func tileFolder(metadata: String?) throws -> URL {
        let folder = TestSupport.temporaryDirectory()
        // Copies, not links: a tile set reads nothing outside its folder.
        for zoom in try FileManager.default.contentsOfDirectory(atPath: TestSupport.tiles.path) where Int(zoom) != nil {
            try FileManager.default.copyItem(at: TestSupport.tiles.appendingPathComponent(zoom), to: folder.appendingPathComponent(zoom))
        }
        if let metadata { try Data(metadata.utf8).write(to: TileSetAttribution.metadataFile(in: folder)) }
        return folder
    }

    @Test(arguments: [
        ("<a href=\"https://www.openstreetmap.org/copyright\">&copy; OpenStreetMap contributors</a>", "© OpenStreetMap contributors"),
        ("&copy; Example &amp; Co &#8212; tiles &#x2022; <b>bold</b>\n\tend", "© Example & Co — tiles • bold end"),
        ("5 &lt; 6 &unknown; &", "5 < 6 &unknown; &"),
        ("plain", "plain"),
    ])
    func htmlBecomesOneLineOfText(html: String, text: String) {
        #expect(TileSetAttribution.plainText(html) == text)
    }

    @Test func aVeryLongCreditIsCut() {
        let text = TileSetAttribution.plainText(String(repeating: "credit ", count: 100))
        #expect(text.count == TileSetAttribution.maximumCharacters && text.hasSuffix("…"))
    }

    @Test func withoutMetadataTheTilesAreOpenStreetMaps() throws {
        let folder = try Self.tileFolder(metadata: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(TileSetAttribution(directory: folder) == TileSetAttribution(text: "© OpenStreetMap contributors"))
        #expect(TileSource(directory: TestSupport.tiles).attribution.problem == nil)
    }

    @Test func theMetadataNamesTheCredit() throws {
        let folder = try Self.tileFolder(
            metadata: #"{"name": "x", "attribution": "<a href=\"https://example.org\">&copy; Example Tiles</a>"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(TileSource(directory: folder).attribution == TileSetAttribution(text: "© Example Tiles"))
    }

    @Test(arguments: [
        ("{", "is not a JSON object"), ("[1]", "is not a JSON object"), (#"{"name": "x"}"#, "has no \"attribution\""),
        (#"{"attribution": 3}"#, "\"attribution\" is not text"), (#"{"attribution": "<br>"}"#, "\"attribution\" is not text"),
    ])
    func badMetadataFallsBackToOpenStreetMapAndSaysWhy(metadata: String, reason: String) throws {
        let folder = try Self.tileFolder(metadata: metadata)
        defer { try? FileManager.default.removeItem(at: folder) }
        let attribution = TileSetAttribution(directory: folder)
        #expect(attribution.text == TileSetAttribution.openStreetMap)
        let problem = try #require(attribution.problem)
        #expect(problem.contains(TileSetAttribution.metadataFile(in: folder).path) && problem.contains(reason))
    }

    /// A FIFO is not read (the read would wait for a writer forever).
    @Test func aFIFOIsNotRead() throws {
        let folder = try Self.tileFolder(metadata: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(TileSetAttribution.metadataFile(in: folder).path, 0o600) == 0)
        let attribution = TileSetAttribution(directory: folder)
        #expect(attribution.text == TileSetAttribution.openStreetMap)
        #expect(attribution.problem?.contains("is not a readable file of at most 1 MB") == true)
    }

    /// The credit changes only the corner it is drawn in, and a long one,
    /// set smaller and cut, still ends inside a small image.
    @Test(arguments: [(600, 400), (200, 150)])
    func theCreditIsDrawnInTheCorner(width: Int, height: Int) throws {
        let custom = try Self.tileFolder(
            metadata: #"{"attribution": "© Example Tiles, © OpenStreetMap contributors, and a long list of other sources besides"}"#)
        defer { try? FileManager.default.removeItem(at: custom) }
        let options = MapSnapshotOptions(
            region: Region(center: TestSupport.cafeDeParis, span: .placeDetail),
            width: width, height: height, scale: 1, annotations: [])
        let plain = try MapSnapshotter(tiles: TileSource(directory: TestSupport.tiles)).snapshot(options).image
        let credited = try MapSnapshotter(tiles: TileSource(directory: custom)).snapshot(options).image
        var changedRows = Set<Int>(), changedColumns = Set<Int>()
        for y in 0..<height {
            for x in 0..<width where plain.rgba(x: x, y: y)! != credited.rgba(x: x, y: y)! {
                changedRows.insert(y)
                changedColumns.insert(x)
            }
        }
        #expect(!changedRows.isEmpty)
        #expect(changedRows.min()! >= height - 20, "only the bottom strip changes")
        // Longer than the default, it reaches further left; on the small
        // map it is set smaller and cut, and spans the whole width.
        #expect(changedColumns.min()! < (width > 300 ? width - 200 : 10))
        #expect(changedColumns.max()! < width)
    }
}
