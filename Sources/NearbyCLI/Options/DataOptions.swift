import ArgumentParser
import Foundation

/// Where the places dataset is: `--data`, else `$NEARBY_DATA`, else
/// `Data/places.geojson` in the current directory or above the executable
/// (so `nearby` works from a checkout without flags).
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A places GeoJSON file (as `nearby import` writes).", valueName: "file"))
    var data: String?

    static let relativePath = "Data/places.geojson"

    /// The dataset's URL, once it is known not to be something that cannot
    /// be read as a dataset (a directory, a FIFO, /dev/zero).
    func checkedDataURL() throws -> URL {
        let url = dataURL()
        try InputFile.check(url, what: "places dataset")
        return url
    }

    func dataURL() -> URL {
        if let data { return URL(fileURLWithPath: data) }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["NEARBY_DATA"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(Self.relativePath)
        if FileManager.default.fileExists(atPath: cwd.path) { return cwd }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent(Self.relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return cwd
    }
}
