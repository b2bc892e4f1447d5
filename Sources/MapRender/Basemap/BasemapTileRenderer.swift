import CCairo
import Foundation
import Synchronization

/// Draws XYZ basemap tiles from an OpenStreetMap extract: sea from the
/// coastline, land, green areas, water, buildings, railways and roads by
/// class, with cairo; writes them as PNG with libpng. The extract is read
/// (through osmium) and projected once; every tile then only draws.
public final class BasemapTileRenderer: TileRendering, @unchecked Sendable {
    public let extract: URL
    private let features: [BasemapFeature]
    private let sea: CoastlineSea
    /// The extract's bounds in Web Mercator metres.
    private let bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    public init(extract: URL, projection: WebMercatorProjection? = nil) throws(BasemapError) {
        let projection = try Self.projection(projection)
        let contents = try OSMExtractReader(extract: extract).read(projection: projection)
        self.extract = extract
        features = contents.features
        bounds = contents.bounds
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

    /// The tiles covering the extract at each zoom, with `margin` more tiles
    /// on every side so that maps of places near the edge still find tiles.
    public func tileKeys(zooms: ClosedRange<Int>, margin: Int = 1) -> [TileKey] {
        var keys: [TileKey] = []
        for z in zooms {
            let count = 1 << z
            let size = 2 * MercatorPoint.halfWorld / Double(count)
            func column(_ x: Double) -> Int { Int(floor((x + MercatorPoint.halfWorld) / size)) }
            func row(_ y: Double) -> Int { Int(floor((MercatorPoint.halfWorld - y) / size)) }
            let columns = max(column(bounds.minX) - margin, 0)...min(column(bounds.maxX) + margin, count - 1)
            let rows = max(row(bounds.maxY) - margin, 0)...min(row(bounds.minY) + margin, count - 1)
            for x in columns {
                for y in rows {
                    keys.append(TileKey(z: z, x: x, y: y))
                }
            }
        }
        return keys
    }

    /// Reads "10-17" or "15".
    public static func parseZoomRange(_ text: String) throws(BasemapError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let low = parts.first ?? nil, let high = parts.last ?? nil,
              low <= high, low >= 0, high <= MapViewport.maximumZoom + 1 else {
            throw .invalidZoomRange(text)
        }
        return low...high
    }

    public struct Summary: Sendable, Equatable {
        public let tiles: Int
        public let bytes: Int
    }

    /// Renders `keys` into `directory/{z}/{x}/{y}.png`, each file written
    /// atomically, on every core. `progress` is called after each tile with
    /// (done, total), from any thread.
    public func renderTiles(_ keys: [TileKey], into directory: URL, encoder: PNGEncoder = PNGEncoder(favoursSpeed: false),
                            progress: (@Sendable (Int, Int) -> Void)? = nil) throws(BasemapError) -> Summary {
        let next = Atomic<Int>(0), done = Atomic<Int>(0), bytes = Atomic<Int>(0)
        let failure = Mutex<BasemapError?>(nil)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, keys.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while failure.withLock({ $0 == nil }) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < keys.count else { return }
                let key = keys[index]
                do {
                    let png = try encoder.encode(draw(key))
                    let folder = directory.appendingPathComponent("\(key.z)/\(key.x)")
                    do {
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    } catch {
                        throw PNGError.notWritable(path: folder.path, reason: error.localizedDescription)
                    }
                    try AtomicFileWriter.write(png, to: folder.appendingPathComponent("\(key.y).png"))
                    bytes.add(png.count, ordering: .relaxed)
                } catch let error as PNGError {
                    failure.withLock { if $0 == nil { $0 = .output(error) } }
                    return
                } catch {
                    failure.withLock { if $0 == nil { $0 = .output(.notWritable(path: directory.path, reason: "\(error)")) } }
                    return
                }
                progress?(done.add(1, ordering: .relaxed).newValue, keys.count)
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return Summary(tiles: keys.count, bytes: bytes.load(ordering: .relaxed))
    }

    public func renderTile(_ key: TileKey) throws -> PixelBuffer {
        draw(key)
    }

    /// Draws one 256 × 256 tile.
    func draw(_ key: TileKey) -> PixelBuffer {
        let buffer = PixelBuffer(width: 256, height: 256)
        let tile = key.bounds
        let pixelsPerMetre = 256 / (tile.maxX - tile.minX)
        buffer.withSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            let canvas = TileCanvas(cr: cr, minX: tile.minX, maxY: tile.maxY, pixelsPerMetre: pixelsPerMetre, zoom: key.z)
            canvas.fill(colour: sea.seaEverywhere ? BasemapStyle.water : BasemapStyle.land)
            canvas.fillRings(sea.seaRings, colour: BasemapStyle.water)
            canvas.fillRings(sea.islands, colour: BasemapStyle.land)

            // Wide enough for the widest road's casing to reach in from a
            // neighbouring tile.
            let margin = 24 / pixelsPerMetre
            let visible = features.filter {
                $0.intersects(minX: tile.minX - margin, minY: tile.minY - margin, maxX: tile.maxX + margin, maxY: tile.maxY + margin)
            }
            for feature in visible where feature.kind.isArea {
                canvas.drawArea(feature)
            }
            for feature in visible where !feature.kind.isArea && feature.kind != .road {
                canvas.drawLine(feature)
            }
            let roads = visible.filter { $0.kind == .road && $0.road.map { key.z >= $0.minimumZoom } ?? false }
            // Tunnels only where streets are shown too: on overview tiles their
            // dashes would read as roads that are not there.
            if key.z >= 15 {
                canvas.drawRoads(roads.filter(\.tunnel), tunnel: true)
            }
            // Bridges after everything at ground level, each with its casing.
            canvas.drawRoads(roads.filter { !$0.tunnel && !$0.bridge }, tunnel: false)
            canvas.drawRoads(roads.filter(\.bridge), tunnel: false)
        }
        return buffer
    }
}
