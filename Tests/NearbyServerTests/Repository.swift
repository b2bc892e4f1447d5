import Foundation

/// The checkout this test runs in: tests read the committed Monaco data.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let places = root.appendingPathComponent("Data/places.geojson")
    /// The same places with the address tables: what answers reverse geocoding.
    static let store = root.appendingPathComponent("Data/places.gpkg")
    static let extract = root.appendingPathComponent("Data/monaco.osm.pbf")
    static let tiles = root.appendingPathComponent("Tiles")
}

/// A folder of its own for one test, removed at the end.
struct ScratchFolder: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
