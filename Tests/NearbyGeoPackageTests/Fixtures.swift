import Foundation
import NearbyKit

enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let monacoGeoJSON = repository.appendingPathComponent("Data/places.geojson")
    static let monaco = try! PlacesDataset.load(from: monacoGeoJSON)

    struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a tool from Debian's packages (ogrinfo from gdal-bin, sqlite3) and returns its stdout.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let problems = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailed(description: "\(tool) exited \(process.terminationStatus) (scripts/setup installs it): \(String(decoding: problems, as: UTF8.self))")
        }
        return String(decoding: text, as: UTF8.self)
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
