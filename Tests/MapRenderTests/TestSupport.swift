import Foundation
import NearbyKit

@testable import MapRender

/// Paths and fixtures shared by the MapRender tests. The repository is found
/// from this file's path, so the committed Tiles/ and Data/ are used as they
/// are, without copying them into the test bundle.
enum TestSupport {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tiles = repository.appendingPathComponent("Tiles")
    static let extract = repository.appendingPathComponent("Data/monaco.osm.pbf")
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Set to regenerate the golden images after an intended change:
    /// `NEARBY_RECORD=1 swift test --filter MapRenderTests.GoldenSnapshotTests`
    static var regeneratesGoldens: Bool {
        ProcessInfo.processInfo.environment["NEARBY_RECORD"] == "1"
    }

    static let projection: WebMercatorProjection = {
        do { return try WebMercatorProjection() } catch { preconditionFailure("PROJ is not usable: \(error)") }
    }()

    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        do { return try Coordinate(latitude: latitude, longitude: longitude) } catch { preconditionFailure("\(error)") }
    }

    // The demo places (OpenStreetMap node ids in comments).
    static let cafeDeParis = coordinate(43.7397159, 7.4276948)  // n4316767531
    static let louisXV = coordinate(43.7391072, 7.4273334)  // n4413997053
    static let cmbATM = coordinate(43.7389507, 7.4245361)  // n1794111162
    static let jimmyz = coordinate(43.747042, 7.4385701)  // n2391676637
    static let userPosition = coordinate(43.7384, 7.4246)

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maprender-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func snapshotter(tiles directory: URL = tiles) throws -> MapSnapshotter {
        try MapSnapshotter(tiles: TileSource(directory: directory), projection: projection)
    }

    static func isLand(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> Bool {
        guard let pixel else { return false }
        return pixel.red == 0xF2 && pixel.green == 0xEF && pixel.blue == 0xE9
    }
}
