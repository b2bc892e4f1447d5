import ArgumentParser
import Foundation
import MapRender
import NearbyKit

/// `--png FILE [--size WxH] [--scale N] [--tiles DIR]`: also draw the screen's map.
struct MapOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Also draw the map to this PNG file (written atomically).", valueName: "file"))
    var png: String?

    @Option(name: .long, help: ArgumentHelp("Map size in points, WIDTHxHEIGHT.", valueName: "WxH"))
    var size = "600x400"

    @Option(name: .long, help: ArgumentHelp("Pixels per point: 1, 2 or 3.", valueName: "n"))
    var scale = 2

    @Option(name: .long, help: ArgumentHelp("XYZ tile directory ({z}/{x}/{y}.png); default: Tiles/ beside Data/.", valueName: "dir"))
    var tiles: String?

    func validate() throws {
        guard png != nil else { return }
        do throws(SnapshotError) {
            let (width, height) = try MapSnapshotOptions.parseSize(size)
            try MapSnapshotOptions.validate(width: width, height: height, scale: scale)
        } catch {
            throw ValidationError(error.localizedDescription)
        }
    }

    /// Draws the map `makeOptions` describes (given width, height, scale) to `--png`, if asked.
    func draw(dataURL: URL?, extractName: String?, _ makeOptions: (Int, Int, Int) -> MapSnapshotOptions) throws {
        guard let png else { return }
        do throws(SnapshotError) {
            let (width, height) = try MapSnapshotOptions.parseSize(size)
            let dataDirectory = dataURL?.deletingLastPathComponent()
            let tileDirectory = tiles.map { URL(fileURLWithPath: $0) }
                ?? dataDirectory?.deletingLastPathComponent().appendingPathComponent("Tiles")
                ?? ServiceOptions.besideCheckout("Tiles")
            // Tiles missing from the set are drawn from the extract the local dataset came from, when it is there.
            let onDemand = extractName.flatMap { name in dataDirectory.flatMap { OnDemandBasemap(extract: $0.appendingPathComponent(name)) } }
            let source = TileSource(directory: tileDirectory, onDemand: onDemand)
            let snapshot = try MapSnapshotter(tiles: source).writePNG(makeOptions(width, height, scale), to: URL(fileURLWithPath: png))
            if let warning = source.warningSummary(source.takeWarnings()) { StandardError.line("nearby: warning: \(warning)") }
            StandardError.line("nearby: wrote \(png) (\(width * scale)×\(height * scale) px, zoom \(snapshot.viewport.zoom))")
        } catch {
            throw CLIError(message: error.localizedDescription, code: ExitCode(error.exitCode))
        }
    }
}
