import ArgumentParser
import Foundation
import MapRender
import NearbyKit

/// `nearby tiles render --from Data/monaco.osm.pbf --zoom 10-17 --out Tiles`
struct TilesRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render XYZ basemap tiles ({z}/{x}/{y}.png) from an OpenStreetMap extract.",
        discussion: """
            Reads the extract with osmium, draws sea, land, green areas, water,
            buildings, railways and roads with cairo, and writes 256-pixel PNG
            tiles with libpng, and a TileJSON metadata.json naming their credit
            (© OpenStreetMap contributors), zooms and bounds. Tiles cover the extent of the data read (within
            the extract's header box), plus --margin; more than \(BasemapTileRenderer.maximumTiles) tiles
            is refused. SIGINT or SIGTERM stop it between tiles (status 130 or
            143), leaving only whole tiles. Map data © OpenStreetMap contributors, ODbL 1.0.
            """
    )

    @Option(name: .long, help: "The OpenStreetMap extract (.osm.pbf).")
    var from: String = "Data/monaco.osm.pbf"

    @Option(name: .long, parsing: .unconditional, help: "A zoom or a range of zooms, such as 10-17.")
    var zoom: String = "10-17"

    @Option(name: .long, help: "The tile directory to write into.")
    var out: String = "Tiles"

    @Option(name: .long, parsing: .unconditional, help: "Extra tiles around the extract on every side.")
    var margin: Int = 1

    @Flag(inversion: .prefixedNo, help: "Show a progress bar on stderr (default: only when stderr is a terminal).")
    var progress: Bool?

    func validate() throws {
        _ = try zooms()
        guard (0...8).contains(margin) else { throw ValidationError("--margin \(margin) is not between 0 and 8") }
    }

    /// The tile directory, made if missing (with `create`); anything else
    /// at the path is refused before the extract is read, not after.
    static func prepareDirectory(_ url: URL, create: Bool) throws {
        var info = stat()
        if stat(url.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw CLIError(message: "--out \(url.path) is not a directory (\(InputFile.kind(info.st_mode)))", code: .cannotCreate)
            }
            return
        }
        guard create else { return }
        // mkdir -p by hand, for errno's own words in the message.
        var path = ""
        for component in url.standardizedFileURL.pathComponents {
            path = path.isEmpty || path == "/" ? path + component : path + "/" + component
            guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
                throw CLIError(message: "cannot create the tile directory \(url.path): \(SystemError.text(errno))", code: .cannotCreate)
            }
        }
    }

    /// The largest resident set so far, in MB: of this process, or of the
    /// largest child that has ended (osmium).
    static func peakMemory(_ who: __rusage_who) -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(who.rawValue), &usage) == 0 else { return 0 }
        return (usage.ru_maxrss + 512) / 1024  // kilobytes on Linux
    }

    func zooms() throws -> ClosedRange<Int> {
        do { return try BasemapTileRenderer.parseZoomRange(zoom) } catch { throw ValidationError(error.localizedDescription) }
    }

    func run() throws {
        let zooms = try zooms()
        let extract = URL(fileURLWithPath: from)
        try InputFile.check(extract, what: "OpenStreetMap extract")
        let directory = URL(fileURLWithPath: out)
        try Self.prepareDirectory(directory, create: false)
        // Before osmium's threads start, so that every thread inherits the mask.
        let interruption = RenderInterruption()
        do {
            let showsProgress = progress ?? (isatty(STDERR_FILENO) == 1)
            let reading = ProgressBar("features read from \(extract.lastPathComponent):", enabled: showsProgress)
            let renderer = try BasemapTileRenderer(extract: extract) { reading.update(count: $0) }
            reading.finish()
            let keys = renderer.tileKeys(zooms: zooms, margin: margin)
            guard keys.count <= BasemapTileRenderer.maximumTiles else { throw BasemapError.tooManyTiles(keys.count) }
            try Self.prepareDirectory(directory, create: true)
            let bar = ProgressBar("tiles", enabled: showsProgress)
            interruption.startRendering()
            let summary = try renderer.renderTiles(keys, into: directory, isCancelled: interruption.isCancelled) { done, total in
                bar.update(done: done, total: total)
            }
            bar.finish()
            if summary.interrupted, let signo = interruption.signal {
                Nearby.fail("interrupted: wrote \(summary.tiles) of \(keys.count) tiles into \(out)", code: ExitCode(128 + signo))
            }
            do {
                if case .keptOther(let file) = try renderer.metadata(zooms: zooms).write(into: directory) {
                    StandardError.line("nearby: note: kept \(file.path), which another tool wrote: its attribution stays the one maps draw")
                }
            } catch let error as PNGError {
                throw BasemapError.output(error)
            }
            let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_000_000)
            try StandardOutput.write(
                "Rendered \(summary.tiles) tiles (zooms \(zooms.lowerBound)-\(zooms.upperBound), \(megabytes) MB) into \(out); "
                    + "peak memory \(Self.peakMemory(RUSAGE_SELF)) MB, osmium's \(Self.peakMemory(RUSAGE_CHILDREN)) MB\n")
        } catch let error as BasemapError {
            throw CLIError(message: error.localizedDescription, code: ExitCode(error.exitCode))
        }
    }
}
