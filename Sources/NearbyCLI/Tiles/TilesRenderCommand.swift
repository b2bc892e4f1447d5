import ArgumentParser
import Foundation
import MapRender

/// `nearby tiles render --from Data/monaco.osm.pbf --zoom 10-17 --out Tiles`
struct TilesRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render XYZ basemap tiles ({z}/{x}/{y}.png) from an OpenStreetMap extract.",
        discussion: """
        Reads the extract with osmium, draws sea, land, green areas, water,
        buildings, railways and roads with cairo, and writes 256-pixel PNG
        tiles with libpng. Map data © OpenStreetMap contributors, ODbL 1.0.
        """
    )

    @Option(name: .long, help: "The OpenStreetMap extract (.osm.pbf).")
    var from: String = "Data/monaco.osm.pbf"

    @Option(name: .long, help: "A zoom or a range of zooms, such as 10-17.")
    var zoom: String = "10-17"

    @Option(name: .long, help: "The tile directory to write into.")
    var out: String = "Tiles"

    @Option(name: .long, help: "Extra tiles around the extract on every side.")
    var margin: Int = 1

    @Flag(inversion: .prefixedNo, help: "Show a progress bar on stderr (default: only when stderr is a terminal).")
    var progress: Bool?

    func run() throws {
        do {
            let zooms = try BasemapTileRenderer.parseZoomRange(zoom)
            guard (0...8).contains(margin) else {
                throw TilesCommandFailure(message: "margin \(margin) is not between 0 and 8", code: 64)
            }
            let renderer = try BasemapTileRenderer(extract: URL(fileURLWithPath: from))
            let keys = renderer.tileKeys(zooms: zooms, margin: margin)
            let bar = TilesProgressBar(enabled: progress ?? (isatty(STDERR_FILENO) == 1))
            let summary = try renderer.renderTiles(keys, into: URL(fileURLWithPath: out)) { done, total in
                bar.update(done: done, total: total)
            }
            bar.finish()
            let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_000_000)
            try StandardOutput.write("Rendered \(summary.tiles) tiles (zooms \(zooms.lowerBound)-\(zooms.upperBound), \(megabytes) MB) into \(out)\n")
        } catch let error as BasemapError {
            throw TilesCommandFailure(message: error.localizedDescription, code: error.exitCode).reported()
        } catch let failure as TilesCommandFailure {
            throw failure.reported()
        }
    }
}

/// One line on stderr and a sysexits code, as the other commands end.
struct TilesCommandFailure: Error {
    var message: String
    var code: Int32

    func reported() -> ExitCode {
        FileHandle.standardError.write(Data("nearby: \(message)\n".utf8))
        return ExitCode(code)
    }
}
