import Foundation

/// The checkout this test runs in: tests read the committed Monaco data.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let places = root.appendingPathComponent("Data/places.geojson")
    static let extract = root.appendingPathComponent("Data/monaco.osm.pbf")
}
