import ArgumentParser
import Foundation
import MapRender
import NIOConcurrencyHelpers
import NearbyKit
import Synchronization
import UnixSignals

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
        let interruption = Interruption()
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

/// SIGINT and SIGTERM during `tiles render`: while the extract is read there
/// is nothing to clean up and the process ends at once; once tiles are
/// written it stops starting new ones, and the command ends (130 or 143)
/// after the tiles in hand are renamed into place, so that no temporary
/// file is left behind.
final class Interruption {
    private let state = InterruptionState()
    private let events: Task<Void, Never>

    init() {
        let signals: [UnixSignal] = [.sigint, .sigterm]
        // Blocked first: a signal that comes before the sequence below is
        // set up stays pending for it.
        SignalMask.block(signals)
        // The command's work is synchronous, on the main thread and
        // dispatch's: the cooperative pool is free to take the events.
        events = Task.detached { [state] in
            for await signal in await UnixSignalsSequence(trapping: signals) { state.received(signal.rawValue) }
        }
    }

    deinit { events.cancel() }

    var signal: Int32? { state.signal }

    var isCancelled: @Sendable () -> Bool { { [state] in state.isCancelled } }

    /// From here on a signal stops the work instead of ending the process.
    func startRendering() { state.startRendering() }
}

private final class InterruptionState: Sendable {
    private enum Phase { case reading, rendering }
    private let state = NIOLockedValueBox<(phase: Phase, signal: Int32?)>((.reading, nil))
    private let cancelled = Atomic<Bool>(false)

    var signal: Int32? { state.withLockedValue { $0.signal } }
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func received(_ signo: Int32) {
        state.withLockedValue { state in
            guard state.signal == nil else { return }
            state.signal = signo
            cancelled.store(true, ordering: .relaxed)
            if state.phase == .reading { Nearby.fail("interrupted", code: ExitCode(128 + signo)) }
        }
    }

    func startRendering() {
        state.withLockedValue { state in
            if let signo = state.signal { Nearby.fail("interrupted", code: ExitCode(128 + signo)) }
            state.phase = .rendering
        }
    }
}
