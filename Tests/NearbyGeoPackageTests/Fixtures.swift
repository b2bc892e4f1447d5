import Foundation
import NearbyKit
import NearbyTestSupport

enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let monacoGeoJSON = repository.appendingPathComponent("Data/places.geojson")
    static let monaco = try! PlacesDataset.load(from: monacoGeoJSON)

    struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a tool from Debian's packages (ogrinfo from gdal-bin, sqlite3) and returns its stdout.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
        guard run.status == 0 else {
            throw CommandFailed(description: "\(tool) exited \(run.status) (scripts/setup installs it): \(run.stderr)")
        }
        return run.stdout
    }
}

/// A temporary directory, removed when the test ends.
final class Scratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-gpkg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: directory) }
}
