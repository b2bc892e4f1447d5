import ArgumentParser
import Foundation
import MapRender
import NearbyKit

/// `--png FILE [--size WxH] [--scale N] [--tiles DIR] [--png8]`: also draw the screen's map.
struct MapOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Also draw the map to this PNG file: written atomically (a link is written through to its file); \
            a FIFO or a device such as /dev/stdout is written in place.
            """,
            valueName: "file"))
    var png: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Map size in points, WIDTHxHEIGHT (default 600x400; with --png).", valueName: "WxH"))
    var size: String?

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point: 1, 2 or 3 (default 2; with --png).", valueName: "n"))
    var scale: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The tiles: a folder of {z}/{x}/{y}.png or an .mbtiles file; default: Tiles/ beside Data/ (with --png).",
            valueName: "dir|file"))
    var tiles: String?

    @Flag(
        name: .customLong("png8"),
        help:
            "Write an 8-bit palette PNG, about a third the size: at most 256 colours, chosen by median cut, without dithering (with --png)."
    )
    var palette = false

    static let defaultSize = "600x400"
    static let defaultScale = 2

    func validate() throws {
        if png?.isEmpty == true { throw ValidationError("--png needs a file name") }
        guard png != nil else {
            let given = [("--size", size != nil), ("--scale", scale != nil), ("--tiles", tiles != nil), ("--png8", palette)].filter(\.1)
                .map(\.0)
            guard given.isEmpty else {
                throw ValidationError("\(given.joined(separator: " and ")) \(given.count == 1 ? "draws" : "draw") the map: add --png FILE")
            }
            return
        }
        do throws(SnapshotError) {
            let (width, height) = try MapSnapshotOptions.parseSize(size ?? Self.defaultSize)
            try MapSnapshotOptions.validate(width: width, height: height, scale: scale ?? Self.defaultScale)
        } catch {
            throw ValidationError(error.localizedDescription)
        }
    }

    /// With --png, the user's position must be one a Web Mercator map can show.
    func checkCanShow(latitude: Double?) throws {
        guard png != nil, let latitude, abs(latitude) > WebMercatorProjection.maximumLatitude, abs(latitude) <= 90 else { return }
        let limit = String(format: "%.2f", WebMercatorProjection.maximumLatitude)
        throw ValidationError("a map cannot show latitude \(latitude): Web Mercator maps reach ±\(limit)°; leave out --png")
    }

    /// Draws the map `makeOptions` describes (given width, height, scale) to
    /// `--png`, if asked, and says what it drew. The tiles the set lacks are
    /// drawn from the extract the store keeps: a file's is copied out when
    /// first drawn from; a database's, read asynchronously, before drawing,
    /// and only when the map needs a tile the set lacks.
    func draw(_ root: PlaceServiceRoot, extractName: String?, _ makeOptions: (Int, Int, Int) -> MapSnapshotOptions) async throws
        -> DrawnMap?
    {
        guard let png else { return nil }
        let output = URL(fileURLWithPath: png)
        let dataURL = root.dataURL
        let store = root.keptStore
        let kept = try KeptExtract(store, beside: MapRoot.extract(beside: dataURL, named: extractName))
        defer { kept.remove() }
        var maps = try MapRoot(tiles: tiles, dataURL: dataURL, source: extractName, drawing: kept.fileSource())
        let inputs =
            (dataURL.map { [($0, "the places dataset")] } ?? []) + (maps.extract.map { [($0, "the extract")] } ?? [])
            + (maps.tileFile.map { [($0, "the MBTiles file the map is drawn from")] } ?? [])
        try OutputFile.refuseInputs(output, option: "--png", inputs: inputs)
        if let folder = maps.tileDirectory { try OutputFile.refuseTile(output, option: "--png", in: folder) }
        let scale = scale ?? Self.defaultScale
        let (width, height): (Int, Int)
        do { (width, height) = try MapSnapshotOptions.parseSize(size ?? Self.defaultSize) } catch { throw CLIError(error) }
        let options = makeOptions(width, height, scale)
        if case .postGIS = store, lacksTiles(options, in: maps) {
            do {
                if let drawing = try await kept.source() {
                    maps = try MapRoot(tiles: tiles, dataURL: dataURL, source: extractName, drawing: drawing)
                }
            } catch {
                StandardError.line("nearby: warning: cannot copy the extract the store keeps: \(error.localizedDescription)")
            }
        }
        let source = maps.tileSource()
        if let problem = source.attribution.problem { StandardError.line("nearby: warning: \(problem)") }
        let snapshot: MapSnapshot
        do {
            snapshot = try MapSnapshotter(tiles: source).writePNG(options, to: output, encoder: PNGEncoder(usesPalette: palette))
        } catch {
            // `list` fits its map to the places and has no --span to blame.
            if case .spanOutOfRange(let span) = error, case .fitting = options.framing {
                throw CLIError(
                    message: "the places and the position are too far apart for one map "
                        + "(\(Int(span.rounded()))° across, at most 180°): give a smaller --radius",
                    code: .usage)
            }
            throw CLIError(error)
        }
        if let warning = source.warningSummary(snapshot.warnings) { StandardError.line("nearby: warning: \(warning)") }
        // Where pins could not stand on their places, or names were left
        // out, say so: the reader of a crowded map knows to look for rings and clusters.
        let drawn = DrawnMap(file: png, snapshot: snapshot)
        let layout = drawn.layoutSummary
        StandardError.line(
            "nearby: wrote \(png) (\(width * scale)×\(height * scale) px, zoom \(snapshot.viewport.zoom)"
                + (layout.isEmpty ? "" : "; " + layout.joined(separator: ", ")) + ")")
        return drawn
    }

    /// Whether the map of `options` shows a tile the set does not hold
    /// (options that cannot be drawn are left for the drawing to refuse).
    private func lacksTiles(_ options: MapSnapshotOptions, in maps: MapRoot) -> Bool {
        guard let keys = try? MapSnapshotter(tiles: maps.tileSource()).tileKeys(for: options) else { return false }
        return keys.contains { maps.tiles.read($0) == .missing }
    }
}
