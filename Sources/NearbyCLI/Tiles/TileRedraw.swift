import ArgumentParser
import Foundation
import MapRender
import NearbyKit

/// Draws again the tiles of a tile set rendered before — a folder or an
/// MBTiles file — that differ between two versions of its extract
/// (`BasemapTileRenderer.tilesChanged`): `nearby tiles render --since` and
/// `nearby update --tiles`. A folder's tiles are each replaced atomically; an
/// MBTiles file takes them all in one transaction.
struct TileRedraw {
    let tiles: URL
    let kind: TileSetKind
    /// Those given, else those the tile set's metadata names.
    let zooms: ClosedRange<Int>
    let margin: Int
    /// The box the set was first drawn for (`extract_bounds`), which both
    /// extracts are drawn for: an extract osmium brought forward declares none.
    let extractBounds: BoundingBox?

    /// Checks, before any work, that the tile set is there and which zooms it holds.
    init(tiles: URL, zooms: ClosedRange<Int>? = nil, margin: Int = 1) throws {
        self.tiles = tiles
        self.margin = margin
        kind = TileSetKind(path: tiles.path)
        var info = stat()
        guard stat(tiles.path, &info) == 0, (info.st_mode & S_IFMT == S_IFDIR) == (kind == .folder) else {
            let what = kind == .folder ? "tile folder" : "MBTiles file"
            throw CLIError(
                message: "there is no \(what) at \(tiles.path) to redraw: render it whole first (nearby tiles render --out \(tiles.path))",
                code: .noInput)
        }
        let set: any TileSet
        do {
            set = kind == .folder ? TileFolder(directory: tiles) : try MBTilesFile(url: tiles)
        } catch {
            throw CLIError(message: error.localizedDescription, code: .dataError)
        }
        guard let zooms = zooms ?? set.coverage?.zooms else {
            throw CLIError(message: "\(tiles.path) does not say which zooms it holds (its metadata has none): give --zoom", code: .usage)
        }
        self.zooms = zooms
        extractBounds = set.coverage?.extractBounds
    }

    struct Summary {
        /// The tiles at `zooms` over the newer extract, and how many of them were drawn again.
        let total: Int
        let redrawn: Int
        let bytes: Int
        let interrupted: Bool
    }

    /// Reads both extracts, finds the tiles that changed and draws them from
    /// `newer`. `rendering` is called once the extracts are read, before the
    /// first tile is written.
    func run(
        from older: URL, to newer: URL, showsProgress: Bool, isCancelled: @escaping @Sendable () -> Bool = { false },
        rendering: () -> Void = {}
    ) throws -> Summary {
        do {
            return try redraw(from: older, to: newer, showsProgress: showsProgress, isCancelled: isCancelled, rendering: rendering)
        } catch let error as BasemapError {
            throw CLIError(message: error.localizedDescription, code: ExitCode(error.exitCode))
        }
    }

    private func redraw(
        from older: URL, to newer: URL, showsProgress: Bool, isCancelled: @escaping @Sendable () -> Bool, rendering: () -> Void
    ) throws -> Summary {
        func read(_ extract: URL, for box: BoundingBox?) throws(BasemapError) -> BasemapTileRenderer {
            let reading = ProgressBar("features read from \(extract.lastPathComponent):", enabled: showsProgress)
            defer { reading.finish() }
            return try BasemapTileRenderer(extract: extract, declaredBounds: box) { reading.update(count: $0) }
        }
        // A set from before nearby kept its box is drawn for the older extract's.
        let previous = try read(older, for: extractBounds)
        let renderer = try read(newer, for: extractBounds ?? previous.declaredBounds)
        let keys = renderer.tilesChanged(since: previous, zooms: zooms, margin: margin)
        let total = renderer.tileKeys(zooms: zooms, margin: margin).count
        let inputs = previous.inputs.union(renderer.inputs)
        let bar = ProgressBar("tiles", enabled: showsProgress)
        defer { bar.finish() }
        rendering()
        let render = { (sink: any TileSink) throws(BasemapError) -> BasemapTileRenderer.Summary in
            try renderer.renderTiles(keys, into: sink, isCancelled: isCancelled) { done, total in bar.update(done: done, total: total) }
        }
        var drawn: BasemapTileRenderer.Summary?
        switch kind {
        case .folder:
            let summary = try render(TileFolderWriter(directory: tiles, inputs: inputs))
            drawn = summary
            if !summary.interrupted {
                let metadata = try renderer.metadata(zooms: zooms)
                do throws(PNGError) { _ = try metadata.write(into: tiles) } catch { throw BasemapError.output(error) }
            }
        case .mbtiles:
            do {
                try MBTilesWriter.update(tiles) { writer in
                    let summary = try render(writer)
                    drawn = summary
                    return summary.interrupted ? nil : try renderer.metadata(zooms: zooms)
                }
            } catch let error as MBTilesError {
                throw CLIError(message: error.localizedDescription, code: .ioError)
            }
        }
        guard let drawn else { throw CLIError(message: "nothing was redrawn in \(tiles.path)", code: .software) }
        return Summary(total: total, redrawn: drawn.tiles, bytes: drawn.bytes, interrupted: drawn.interrupted)
    }
}
