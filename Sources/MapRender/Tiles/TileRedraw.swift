import Foundation
import NearbyKit

/// Draws again the tiles of a tile set rendered before — a folder or an
/// MBTiles file — that differ between two versions of its extract
/// (`BasemapTileRenderer.tilesChanged`): `nearby tiles render --since` and
/// `nearby update --tiles`. A folder's tiles are each replaced atomically; an
/// MBTiles file takes them all in one transaction.
public struct TileRedraw: Sendable {
    public let tiles: URL
    public let kind: TileSetKind
    /// Those given, else those the tile set's metadata names.
    public let zooms: ClosedRange<Int>
    let margin: Int
    /// The box the set was first drawn for (`extract_bounds`), which both
    /// extracts are drawn for: an extract osmium brought forward declares none.
    let extractBounds: BoundingBox?

    /// What a redraw is doing, as it goes.
    public enum Progress: Sendable {
        /// Features read from an extract (its file name).
        case reading(String, features: Int)
        /// Tiles drawn, of all.
        case drawing(Int, of: Int)
        /// The reading of one extract, or the drawing, has ended.
        case ended
    }

    /// Why the tile set was not redrawn, in a sentence, and the sysexits(3) code.
    public struct Failure: Error, LocalizedError, Sendable {
        public var message: String
        public var exitCode: Int32
        public var errorDescription: String? { message }
    }

    /// Checks, before any work, that the tile set is there and which zooms it holds.
    public init(tiles: URL, zooms: ClosedRange<Int>? = nil, margin: Int = 1) throws(Failure) {
        self.tiles = tiles
        self.margin = margin
        kind = TileSetKind(path: tiles.path)
        var info = stat()
        guard stat(tiles.path, &info) == 0, (info.st_mode & S_IFMT == S_IFDIR) == (kind == .folder) else {
            let what = kind == .folder ? "tile folder" : "MBTiles file"
            throw Failure(
                message: "there is no \(what) at \(tiles.path) to redraw: render it whole first (nearby tiles render --out \(tiles.path))",
                exitCode: 66)
        }
        let set: any TileSet
        do {
            set = kind == .folder ? TileFolder(directory: tiles) : try MBTilesFile(url: tiles)
        } catch {
            throw Failure(message: error.localizedDescription, exitCode: 65)
        }
        guard let zooms = zooms ?? set.coverage?.zooms else {
            throw Failure(message: "\(tiles.path) does not say which zooms it holds (its metadata has none): give --zoom", exitCode: 64)
        }
        self.zooms = zooms
        extractBounds = set.coverage?.extractBounds
    }

    public struct Summary: Sendable {
        /// The tiles at `zooms` over the newer extract, and how many of them were drawn again.
        public let total: Int
        public let redrawn: Int
        public let bytes: Int
        public let interrupted: Bool
    }

    /// Reads both extracts, finds the tiles that changed and draws them from
    /// `newer`. `rendering` is called once the extracts are read, before the
    /// first tile is written.
    public func run(
        from older: URL, to newer: URL, progress: @escaping @Sendable (Progress) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }, rendering: () -> Void = {}
    ) throws(Failure) -> Summary {
        do {
            return try redraw(from: older, to: newer, progress: progress, isCancelled: isCancelled, rendering: rendering)
        } catch let error as BasemapError {
            throw Failure(message: error.localizedDescription, exitCode: error.exitCode)
        } catch let error as MBTilesError {
            throw Failure(message: error.localizedDescription, exitCode: 74)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(message: error.localizedDescription, exitCode: 70)
        }
    }

    private func redraw(
        from older: URL, to newer: URL, progress: @escaping @Sendable (Progress) -> Void, isCancelled: @escaping @Sendable () -> Bool,
        rendering: () -> Void
    ) throws -> Summary {
        func read(_ extract: URL, for box: BoundingBox?) throws(BasemapError) -> BasemapTileRenderer {
            let name = extract.lastPathComponent
            defer { progress(.ended) }
            return try BasemapTileRenderer(extract: extract, declaredBounds: box) { progress(.reading(name, features: $0)) }
        }
        // A set from before nearby kept its box is drawn for the older extract's.
        let previous = try read(older, for: extractBounds)
        let renderer = try read(newer, for: extractBounds ?? previous.declaredBounds)
        let keys = renderer.tilesChanged(since: previous, zooms: zooms, margin: margin)
        let total = renderer.tileKeys(zooms: zooms, margin: margin).count
        let inputs = previous.inputs.union(renderer.inputs)
        defer { progress(.ended) }
        rendering()
        let render = { (sink: any TileSink) throws(BasemapError) -> BasemapTileRenderer.Summary in
            try renderer.renderTiles(keys, into: sink, isCancelled: isCancelled) { done, total in progress(.drawing(done, of: total)) }
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
            try MBTilesWriter.update(tiles) { writer in
                let summary = try render(writer)
                drawn = summary
                return summary.interrupted ? nil : try renderer.metadata(zooms: zooms)
            }
        }
        guard let drawn else { throw Failure(message: "nothing was redrawn in \(tiles.path)", exitCode: 70) }
        return Summary(total: total, redrawn: drawn.tiles, bytes: drawn.bytes, interrupted: drawn.interrupted)
    }
}
