import CCairo
import Foundation
import NIOConcurrencyHelpers
import NearbyKit
import Synchronization

/// Draws XYZ basemap tiles from an OpenStreetMap extract: sea from the
/// coastline, land, green areas, water, buildings, railways and roads by
/// class, and the names of places, streets, water and parks, with cairo;
/// writes them as PNG with libpng. The extract is read (through osmium) and
/// projected once; names are placed once per zoom for the whole extract
/// (`LabelPlacement`); every tile then only draws.
public final class BasemapTileRenderer: TileRendering, @unchecked Sendable {
    public let extract: URL
    /// The box the extract is drawn for, in degrees: its header's, or the
    /// one given (a tile set redrawn keeps the box it was first drawn for:
    /// osmium's apply-changes writes none); nil when there is neither.
    public let declaredBounds: BoundingBox?
    private let projection: WebMercatorProjection
    let features: [BasemapFeature]
    private let grid: FeatureGrid
    let sea: CoastlineSea
    private let labelSources: [BasemapLabelSource]
    private let labelLayers = NIOLockedValueBox<[Int: LabelLayer]>([:])
    /// Where tiles are drawn, in Web Mercator metres: the extent of the
    /// features read, within the extract's declared box. A header box can
    /// claim the whole world for a town's worth of data.
    private let tileBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// Reads and projects the extract, for `declaredBounds` when given
    /// instead of its header's box; `progress` is told how many features
    /// have been kept so far, now and then, while osmium's export streams in.
    public init(
        extract: URL, projection: WebMercatorProjection? = nil, declaredBounds: BoundingBox? = nil,
        progress: ((Int) -> Void)? = nil
    ) throws(BasemapError) {
        let projection = try Self.projection(projection)
        let contents = try OSMExtractReader(extract: extract, declaredBounds: declaredBounds).read(
            projection: projection, progress: progress)
        self.extract = extract
        self.declaredBounds = contents.declaredBounds
        self.projection = projection
        features = contents.features
        grid = FeatureGrid(contents.features)
        labelSources = contents.labels
        let (box, data) = (contents.bounds, contents.dataBounds)
        let clipped = (
            minX: max(box.minX, data.minX), minY: max(box.minY, data.minY),
            maxX: min(box.maxX, data.maxX), maxY: min(box.maxY, data.maxY)
        )
        tileBounds = clipped.minX <= clipped.maxX && clipped.minY <= clipped.maxY ? clipped : data
        sea = CoastlineSea(coastlines: contents.coastlines, bounds: contents.bounds)
    }

    private static func projection(_ given: WebMercatorProjection?) throws(BasemapError) -> WebMercatorProjection {
        if let given { return given }
        do {
            return try WebMercatorProjection()
        } catch {
            throw .projection(error)
        }
    }

    /// The tiles covering the extract's data at each zoom, with `margin`
    /// more tiles on every side so that maps of places near the edge still
    /// find tiles. Computed on demand, so that an absurd request is counted
    /// and refused rather than listed.
    public func tileKeys(zooms: ClosedRange<Int>, margin: Int = 1) -> TileKeyRange {
        TileKeyRange(bounds: tileBounds, zooms: zooms, margin: margin)
    }

    /// The tile set's `metadata.json` for these zooms: named after the
    /// extract, bounded by the data drawn.
    public func metadata(zooms: ClosedRange<Int>) throws(BasemapError) -> TileSetMetadata {
        let corners: [Coordinate]
        do {
            corners = try [MercatorPoint(x: tileBounds.minX, y: tileBounds.minY), MercatorPoint(x: tileBounds.maxX, y: tileBounds.maxY)]
                .map { point throws(ProjectionError) in try projection.unproject(point) }
        } catch {
            throw .projection(error)
        }
        let name = extract.lastPathComponent.replacingOccurrences(of: ".osm.pbf", with: "")
        return TileSetMetadata(
            name: name, zooms: zooms,
            bounds: [
                corners[0].longitude, corners[0].latitude,
                corners[1].longitude, corners[1].latitude,
            ], extractBounds: declaredBounds)
    }

    /// More tiles than a basemap of a city or a region needs, and more than
    /// this renderer would draw in a day: a sign of a wrong zoom or extract.
    public static let maximumTiles = 1_000_000

    /// Reads "10-17" or "15".
    public static func parseZoomRange(_ text: String) throws(BasemapError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let low = parts.first ?? nil, let high = parts.last ?? nil,
            low <= high, low >= 0, high <= MapViewport.maximumZoom + 1
        else {
            throw .invalidZoomRange(text)
        }
        return low...high
    }

    public struct Summary: Sendable, Equatable {
        /// The tiles written.
        public let tiles: Int
        public let bytes: Int
        /// True when `isCancelled` stopped the work before every tile was written.
        public let interrupted: Bool
    }

    /// Renders `keys` into `directory/{z}/{x}/{y}.png`, each file written
    /// atomically (`TileFolderWriter`).
    public func renderTiles<Keys: RandomAccessCollection & Sendable>(
        _ keys: Keys, into directory: URL, encoder: PNGEncoder = PNGEncoder(favoursSpeed: false),
        isCancelled: @Sendable () -> Bool = { false }, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(BasemapError) -> Summary where Keys.Element == TileKey, Keys.Index == Int {
        // Never overwrite the extract being read, whatever --out says.
        try renderTiles(
            keys, into: TileFolderWriter(directory: directory, inputs: inputs), encoder: encoder, isCancelled: isCancelled,
            progress: progress)
    }

    /// The files a render must never write over: the extract it reads.
    public var inputs: Set<FileIdentity> { FileIdentity.of([extract]) }

    /// Renders `keys` into `sink` on every core. `progress` is called after
    /// each tile with (done, total), from any thread. Once `isCancelled`
    /// returns true no tile is started; those being written are finished, so
    /// that no temporary file is left behind.
    public func renderTiles<Keys: RandomAccessCollection & Sendable>(
        _ keys: Keys, into sink: some TileSink, encoder: PNGEncoder = PNGEncoder(favoursSpeed: false),
        isCancelled: @Sendable () -> Bool = { false }, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(BasemapError) -> Summary where Keys.Element == TileKey, Keys.Index == Int {
        guard keys.count <= Self.maximumTiles else { throw .tooManyTiles(keys.count) }
        let next = Atomic<Int>(0), done = Atomic<Int>(0), bytes = Atomic<Int>(0), stopped = Atomic<Bool>(false)
        let failure = NIOLockedValueBox<BasemapError?>(nil)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, keys.count))
        withoutActuallyEscaping(isCancelled) { isCancelled in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while failure.withLockedValue({ $0 == nil }) {
                    if isCancelled() {
                        stopped.store(true, ordering: .relaxed)
                        return
                    }
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < keys.count else { return }
                    let key = keys[keys.startIndex + index]
                    do throws(PNGError) {
                        let png = try encoder.encode(draw(key))
                        try sink.write(png, for: key)
                        bytes.add(png.count, ordering: .relaxed)
                    } catch {
                        failure.withLockedValue { if $0 == nil { $0 = .output(error) } }
                        return
                    }
                    let finished = done.add(1, ordering: .relaxed).newValue
                    progress?(finished, keys.count)
                }
            }
        }
        if let error = failure.withLockedValue({ $0 }) { throw error }
        return Summary(
            tiles: done.load(ordering: .relaxed), bytes: bytes.load(ordering: .relaxed),
            interrupted: stopped.load(ordering: .relaxed))
    }

    public func renderTile(_ key: TileKey) throws -> PixelBuffer {
        draw(key)
    }

    /// The tile without the names that would be drawn on it and overlap
    /// `clearance`; nil when no name on it does, so that the tile as it is
    /// (drawn before, perhaps kept in a tile set) serves.
    public func renderTile(_ key: TileKey, clearOf clearance: LabelClearance) throws -> PixelBuffer? {
        guard !clearance.isEmpty else { return nil }
        let omitted = Set(labels(zoom: key.z).labels(columns: key.x..<key.x + 1, rows: key.y..<key.y + 1).filter(clearance.covers))
        guard !omitted.isEmpty else { return nil }
        return draw(zoom: key.z, column: key.x, row: key.y, columns: 1, rows: 1, omitting: omitted)
    }

    /// The names of a zoom, placed on first use for the whole extract; a
    /// renderer drawing tiles on every core places each zoom once.
    func labels(zoom: Int) -> LabelLayer {
        labelLayers.withLockedValue { layers in
            if let layer = layers[zoom] { return layer }
            let layer = LabelLayer(LabelPlacement(zoom: zoom, sources: labelSources).labels)
            layers[zoom] = layer
            return layer
        }
    }

    /// How far, in pixels, a feature outside a tile can draw into it: the
    /// widest road's casing.
    static let reach = 24.0

    /// Draws one 256 × 256 tile.
    func draw(_ key: TileKey) -> PixelBuffer {
        draw(zoom: key.z, column: key.x, row: key.y, columns: 1, rows: 1)
    }

    /// Draws a block of `columns` × `rows` tiles as one image: the same
    /// pixels as those tiles laid side by side, labels crossing their
    /// borders included; the names in `omitted` are left out.
    func draw(zoom: Int, column: Int, row: Int, columns: Int, rows: Int, omitting omitted: Set<PlacedLabel> = []) -> PixelBuffer {
        let buffer = PixelBuffer(width: 256 * columns, height: 256 * rows)
        let first = TileKey(z: zoom, x: column, y: row).bounds, last = TileKey(z: zoom, x: column + columns - 1, y: row + rows - 1).bounds
        let tile = (minX: first.minX, minY: last.minY, maxX: last.maxX, maxY: first.maxY)
        let pixelsPerMetre = 256 * pow2(Double(zoom)) / (2 * MercatorPoint.halfWorld)
        buffer.withSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            let canvas = TileCanvas(
                cr: cr, originX: Double(column) * 256, originY: Double(row) * 256,
                pixelsPerMetre: pixelsPerMetre, zoom: zoom)
            canvas.fill(colour: sea.seaEverywhere ? BasemapStyle.water : BasemapStyle.land)
            canvas.fillRings(sea.seaRings, colour: BasemapStyle.water)
            canvas.fillRings(sea.islands, colour: BasemapStyle.land)

            let margin = Self.reach / pixelsPerMetre
            let area = (minX: tile.minX - margin, minY: tile.minY - margin, maxX: tile.maxX + margin, maxY: tile.maxY + margin)
            let visible = grid.candidates(minX: area.minX, minY: area.minY, maxX: area.maxX, maxY: area.maxY)
                .map { features[$0] }
                .filter { $0.intersects(minX: area.minX, minY: area.minY, maxX: area.maxX, maxY: area.maxY) }
            for feature in visible where feature.kind.isArea {
                canvas.drawArea(feature)
            }
            for feature in visible where !feature.kind.isArea && feature.kind != .road {
                canvas.drawLine(feature)
            }
            canvas.drawRailwayTunnels(visible.filter { $0.kind == .railway && $0.tunnel })
            let roads = visible.filter { $0.kind == .road && $0.isDrawn(atZoom: zoom) }
            // Tunnels only where streets are shown too: on overview tiles their
            // dashes would read as roads that are not there.
            if zoom >= 15 {
                canvas.drawRoads(roads.filter(\.tunnel), tunnel: true)
            }
            // Bridges after everything at ground level, each with its casing.
            canvas.drawRoads(roads.filter { !$0.tunnel && !$0.bridge }, tunnel: false)
            canvas.drawRoads(roads.filter(\.bridge), tunnel: false)
            for label in labels(zoom: zoom).labels(columns: column..<column + columns, rows: row..<row + rows)
            where !omitted.contains(label) {
                label.draw(cr, originX: Double(column) * 256, originY: Double(row) * 256)
            }
        }
        return buffer
    }
}
