import Foundation
import MapRender
import NearbyKit

/// A screen's map drawn to `--png`, as `MapOptions` asks, from the tiles
/// and extract `MapRoot` finds for the places' store.
struct MapDrawing {
    let options: MapOptions

    init(_ options: MapOptions) {
        self.options = options
    }

    /// Draws the map `makeOptions` describes (given width, height, scale) to
    /// `--png`, if asked, and says what it drew. The tiles the set lacks are
    /// drawn from the extract the store keeps: a file's is copied out when
    /// first drawn from; a database's, read asynchronously, before drawing,
    /// and only when the map needs a tile the set lacks.
    func draw(_ root: PlaceServiceRoot, extractName: String?, _ makeOptions: (Int, Int, Int) -> MapSnapshotOptions) async throws
        -> DrawnMap?
    {
        guard let png = options.png else { return nil }
        let output = URL(fileURLWithPath: png)
        let dataURL = root.dataURL
        let store = root.keptStore
        let kept = try KeptExtract(store, beside: MapRoot.extract(beside: dataURL, named: extractName))
        defer { kept.remove() }
        var maps = try MapRoot(tiles: options.tiles, dataURL: dataURL, source: extractName, drawing: kept.fileSource())
        let inputs =
            (dataURL.map { [($0, "the places dataset")] } ?? []) + (maps.extract.map { [($0, "the extract")] } ?? [])
            + (maps.tileFile.map { [($0, "the MBTiles file the map is drawn from")] } ?? [])
        try OutputFile.refuseInputs(output, option: "--png", inputs: inputs)
        if let folder = maps.tileDirectory { try OutputFile.refuseTile(output, option: "--png", in: folder) }
        let scale = options.scale ?? MapOptions.defaultScale
        let (width, height): (Int, Int)
        do { (width, height) = try MapSnapshotOptions.parseSize(options.size ?? MapOptions.defaultSize) } catch { throw CLIError(error) }
        let map = makeOptions(width, height, scale)
        if case .postGIS = store, lacksTiles(map, in: maps) {
            do {
                if let drawing = try await kept.source() {
                    maps = try MapRoot(tiles: options.tiles, dataURL: dataURL, source: extractName, drawing: drawing)
                }
            } catch {
                StandardError.line("nearby: warning: cannot copy the extract the store keeps: \(error.localizedDescription)")
            }
        }
        if let problem = maps.sources.tiles.attribution.problem { StandardError.line("nearby: warning: \(problem)") }
        let snapshotter: MapSnapshotter
        let snapshot: MapSnapshot
        do {
            snapshotter = try maps.sources.snapshotter()
            snapshot = try snapshotter.writePNG(map, to: output, encoder: PNGEncoder(usesPalette: options.palette))
        } catch {
            // `list` fits its map to the places and has no --span to blame.
            if case .spanOutOfRange(let span) = error, case .fitting = map.framing {
                throw CLIError(
                    message: "the places and the position are too far apart for one map "
                        + "(\(Int(span.rounded()))° across, at most 180°): give a smaller --radius",
                    code: .usage)
            }
            throw CLIError(error)
        }
        if let warning = snapshotter.tiles.warningSummary(snapshot.warnings) { StandardError.line("nearby: warning: \(warning)") }
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
    private func lacksTiles(_ map: MapSnapshotOptions, in maps: MapRoot) -> Bool {
        guard let keys = try? maps.sources.snapshotter().tileKeys(for: map) else { return false }
        return keys.contains { maps.tiles.read($0) == .missing }
    }
}
