import ArgumentParser
import Foundation

/// Where places come from: `--service URL` (a nearby server), else
/// `--data FILE` (a GeoPackage or a places GeoJSON, told apart by content),
/// else `$NEARBY_DATA`, else `Data/places.gpkg` in the current directory or
/// above the executable (so `nearby` works from a checkout without flags).
/// `PlaceServiceRoot` builds the service from these.
struct ServiceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("A places store: a GeoPackage or a places GeoJSON (as `nearby import` writes them).", valueName: "file"))
    var data: String?

    @Option(
        name: .long, help: ArgumentHelp("A nearby server to ask instead of a local file, e.g. http://127.0.0.1:8080.", valueName: "url"))
    var service: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            A PostGIS database to answer from instead of a file, e.g. postgresql://nearby@127.0.0.1:5432/nearby \
            (`nearby import EXTRACT --to URL` fills it; scripts/postgres starts one). \
            It may end in ?schema=NAME, sslmode=require and connect_timeout=SECONDS.
            """,
            valueName: "url"))
    var store: String?

    static let relativePath = "Data/places.gpkg"

    func validate() throws {
        if [data != nil, service != nil, store != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--data, --service and --store name different sources of places; give one")
        }
        if let store { try StoreOption.check(store) }
    }

    func dataURL() -> URL {
        data.map { URL(fileURLWithPath: $0) } ?? Self.defaultDataURL()
    }

    /// `$NEARBY_DATA`, else `Data/places.gpkg` as `besideCheckout` finds it.
    static func defaultDataURL() -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["NEARBY_DATA"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return besideCheckout(relativePath)
    }

    /// `path` in the current directory if there, else above the executable, else in the current directory.
    static func besideCheckout(_ path: String) -> URL {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: cwd.path) { return cwd }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return cwd
    }
}
