import ArgumentParser
import Foundation
import MapRender
import NearbyKit

/// `nearby tiles render --from Data/monaco.osm.pbf --zoom 10-17 --out Tiles`
struct TilesRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render basemap tiles from an OpenStreetMap extract, into a folder ({z}/{x}/{y}.png) or an MBTiles file.",
        discussion: """
            Reads the extract with osmium, draws sea, land, green areas, water,
            buildings, railways and roads with cairo, and writes 256-pixel PNG
            tiles with libpng. Tiles cover the extent of the data read (within
            the extract's header box), plus --margin; more than \(BasemapTileRenderer.maximumTiles) tiles
            is refused.

            --out DIR writes {z}/{x}/{y}.png files, each atomically, and a TileJSON
            metadata.json naming their credit (© OpenStreetMap contributors),
            zooms and bounds; tiles already there stay. --out FILE.mbtiles writes
            one MBTiles 1.3 file (SQLite; GDAL, QGIS, TileServer GL and Martin
            read it) built beside FILE and renamed over it at the end: a running
            `nearby serve --tiles FILE.mbtiles` goes on serving the old file until
            then, and reopens the new one. A FILE already there is replaced only if
            it is empty or an MBTiles file nearby wrote (application id MPBX,
            metadata and tiles tables, a description beginning "Basemap tiles
            drawn by nearby"); anything else is left as it is and refused (73).
            SIGINT or SIGTERM stop it between tiles
            (status 130 or 143): a folder keeps the whole tiles written, an
            MBTiles file is left as it was. Map data © OpenStreetMap contributors, ODbL 1.0.

            --since OLDER redraws a tile set rendered before from OLDER, an earlier
            version of the --from extract (`nearby update --tiles` does the same
            after an update): only the tiles that differ between the two are drawn
            — those a changed feature reaches, those a name placed anew touches
            (names are placed over the whole extract), all of them when the coast
            changed — each one as a whole rendering of --from would draw it. A
            folder's tiles are replaced one by one, atomically; an MBTiles file
            takes them in one transaction, so its readers see all or none. The
            zooms are the tile set's own unless --zoom says others.

            Examples:
              nearby tiles render --from Data/monaco.osm.pbf --zoom 10-17 --out Tiles
              nearby tiles render --from Data/monaco.osm.pbf --zoom 10-16 --out monaco.mbtiles
              nearby tiles render --from monaco-new.osm.pbf --since monaco-old.osm.pbf --out monaco.mbtiles
            """
    )

    @Option(name: .long, help: "The OpenStreetMap extract (.osm.pbf).")
    var from: String = "Data/monaco.osm.pbf"

    @Option(
        name: .long, parsing: .unconditional,
        help: "A zoom or a range of zooms, such as 10-17 (default 10-17; with --since, the tile set's own).")
    var zoom: String?

    @Option(
        name: .long,
        help: ArgumentHelp("An earlier version of the --from extract: redraw only the tiles of --out that differ.", valueName: "extract"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("The tile folder to write into, or an .mbtiles file to write.", valueName: "dir|file"))
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

    /// An MBTiles file to write: its folder there, and at the path nothing, an
    /// empty file or an MBTiles file nearby wrote (`MBTilesWriter.reasonNotToReplace`);
    /// refused before the extract is read, not after.
    static func checkFile(_ url: URL) throws {
        let directory = url.deletingLastPathComponent()
        var info = stat()
        guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw CLIError(message: "the output directory \(directory.path) does not exist", code: .cannotCreate)
        }
        if stat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw CLIError(message: "--out \(url.path) is not a regular file (\(InputFile.kind(info.st_mode)))", code: .cannotCreate)
        }
        if let reason = MBTilesWriter.reasonNotToReplace(url) {
            throw CLIError(
                message: "--out \(url.path) is not an MBTiles file nearby wrote (\(reason)), so it is not replaced: "
                    + "remove it or write to another file",
                code: .cannotCreate)
        }
    }

    /// The largest resident set so far, in MB: of this process, or of the
    /// largest child that has ended (osmium).
    static func peakMemory(_ who: __rusage_who) -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(who.rawValue), &usage) == 0 else { return 0 }
        return (usage.ru_maxrss + 512) / 1024  // kilobytes on Linux
    }

    /// Those of --zoom; nil when it is not given (10-17, or with --since the tile set's own).
    /// What the last line says of memory: this process's peak and osmium's.
    static var peakMemoryText: String {
        "peak memory \(peakMemory(RUSAGE_SELF)) MB, osmium's \(peakMemory(RUSAGE_CHILDREN)) MB"
    }

    func zooms() throws -> ClosedRange<Int>? {
        guard let zoom else { return nil }
        do { return try BasemapTileRenderer.parseZoomRange(zoom) } catch { throw ValidationError(error.localizedDescription) }
    }

    func run() throws {
        let extract = URL(fileURLWithPath: from)
        try InputFile.check(extract, what: "OpenStreetMap extract")
        if let since { return try redraw(since: URL(fileURLWithPath: since), extract: extract) }
        let zooms = try zooms() ?? 10...17
        let output = URL(fileURLWithPath: out)
        let kind = TileSetKind(path: out)
        switch kind {
        case .folder: try Self.prepareDirectory(output, create: false)
        case .mbtiles: try Self.checkFile(output)
        }
        // Before osmium's threads start, so that every thread inherits the mask.
        let interruption = RenderInterruption()
        do {
            let showsProgress = progress ?? (isatty(STDERR_FILENO) == 1)
            let reading = ProgressBar("features read from \(extract.lastPathComponent):", enabled: showsProgress)
            let renderer = try BasemapTileRenderer(extract: extract) { reading.update(count: $0) }
            reading.finish()
            let keys = renderer.tileKeys(zooms: zooms, margin: margin)
            guard keys.count <= BasemapTileRenderer.maximumTiles else { throw BasemapError.tooManyTiles(keys.count) }
            let bar = ProgressBar("tiles", enabled: showsProgress)
            // Before any file is made: from here on a signal stops the work and what it wrote is tidied up.
            interruption.startRendering()
            let render = { (sink: any TileSink) throws(BasemapError) -> BasemapTileRenderer.Summary in
                defer { bar.finish() }
                return try renderer.renderTiles(keys, into: sink, isCancelled: interruption.isCancelled) { done, total in
                    bar.update(done: done, total: total)
                }
            }
            let summary: BasemapTileRenderer.Summary
            switch kind {
            case .folder:
                try Self.prepareDirectory(output, create: true)
                summary = try render(TileFolderWriter(directory: output, inputs: renderer.inputs))
                if summary.interrupted, let signo = interruption.signal {
                    Nearby.fail("interrupted: wrote \(summary.tiles) of \(keys.count) tiles into \(out)", code: ExitCode(128 + signo))
                }
                do {
                    if case .keptOther(let file) = try renderer.metadata(zooms: zooms).write(into: output) {
                        StandardError.line(
                            "nearby: note: kept \(file.path), which another tool wrote: its attribution stays the one maps draw")
                    }
                } catch let error as PNGError {
                    throw BasemapError.output(error)
                }
            case .mbtiles:
                summary = try renderIntoMBTiles(output, renderer: renderer, zooms: zooms, render: render)
                if summary.interrupted, let signo = interruption.signal {
                    Nearby.fail(
                        "interrupted after \(summary.tiles) of \(keys.count) tiles: \(out) is as it was", code: ExitCode(128 + signo))
                }
            }
            let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_000_000)
            try StandardOutput.write(
                "Rendered \(summary.tiles) tiles (zooms \(zooms.lowerBound)-\(zooms.upperBound), \(megabytes) MB) into \(out); "
                    + "\(Self.peakMemoryText)\n")
        } catch let error as BasemapError {
            throw CLIError(message: error.localizedDescription, code: ExitCode(error.exitCode))
        }
    }

    /// Redraws the tiles of --out that changed between `older` and `extract`.
    private func redraw(since older: URL, extract: URL) throws {
        try InputFile.check(older, what: "OpenStreetMap extract")
        let interruption = RenderInterruption()
        let view = UpdateProgressView(enabled: progress ?? (isatty(STDERR_FILENO) == 1))
        let given = try zooms()
        let (redraw, summary): (TileRedraw, TileRedraw.Summary)
        do {
            redraw = try TileRedraw(tiles: URL(fileURLWithPath: out), zooms: given, margin: margin)
            summary = try redraw.run(
                from: older, to: extract, progress: view.show, isCancelled: interruption.isCancelled, rendering: interruption.startRendering
            )
        } catch {
            throw CLIError(message: error.message, code: ExitCode(error.exitCode))
        }
        if summary.interrupted, let signo = interruption.signal {
            let kept = redraw.kind == .mbtiles ? "\(out) is as it was" : "the tiles redrawn are whole"
            Nearby.fail("interrupted after \(summary.redrawn) of the tiles to redraw: \(kept)", code: ExitCode(128 + signo))
        }
        let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_000_000)
        let zooms = "\(redraw.zooms.lowerBound)-\(redraw.zooms.upperBound)"
        try StandardOutput.write(
            "Redrew \(summary.redrawn) of \(summary.total) tiles (zooms \(zooms), \(megabytes) MB) in \(out): "
                + "those that changed since \(older.lastPathComponent); \(Self.peakMemoryText)\n")
    }

    /// A new MBTiles file, renamed over `output` once whole; an interrupted render leaves `output` untouched.
    private func renderIntoMBTiles(
        _ output: URL, renderer: BasemapTileRenderer, zooms: ClosedRange<Int>,
        render: (any TileSink) throws(BasemapError) -> BasemapTileRenderer.Summary
    ) throws -> BasemapTileRenderer.Summary {
        var summary: BasemapTileRenderer.Summary?
        var failure: BasemapError?
        do {
            try MBTilesWriter.build(output, inputs: renderer.inputs) { writer in
                do throws(BasemapError) {
                    let done = try render(writer)
                    summary = done
                    return done.interrupted ? nil : try renderer.metadata(zooms: zooms)
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch let error as AtomicFile.WriteError {
            // The render's own error, not the file's wrapping of it.
            if let failure { throw failure }
            throw CLIError(error)
        }
        guard let summary else { throw CLIError(message: "nothing was rendered into \(output.path)", code: .software) }
        return summary
    }
}
