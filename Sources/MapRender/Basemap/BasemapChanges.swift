import Foundation

/// The tiles two renderings of an extract draw differently: after an update
/// has brought the extract forward, only those are drawn again, and every
/// other tile is, pixel for pixel, what a full rendering of the newer extract
/// would draw.
extension BasemapTileRenderer {
    /// The tiles at `zooms` that this renderer may draw differently from
    /// `older`, in zoom, column, row order: those a feature added, removed or
    /// changed reaches (as far as `draw` looks for features beyond a tile's
    /// edge), those a name placed differently touches (names are placed for
    /// the whole extract, so one change can move a name far from it), every
    /// tile when the coast changed, and the tiles of this renderer's range
    /// (`tileKeys`, with `margin`) that were not in `older`'s.
    public func tilesChanged(since older: BasemapTileRenderer, zooms: ClosedRange<Int>, margin: Int = 1) -> [TileKey] {
        let (newRange, oldRange) = (tileKeys(zooms: zooms, margin: margin), older.tileKeys(zooms: zooms, margin: margin))
        let changedFeatures = Self.difference(features, older.features)
        let seaChanged = sea != older.sea
        var keys: [TileKey] = []
        for (new, old) in zip(newRange.levels, oldRange.levels) {
            let z = new.z
            var dirty = Set<SIMD2<Int>>()
            func mark(columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
                for level in [new, old] {
                    guard let columns = Self.overlap(columns, level.columns), let rows = Self.overlap(rows, level.rows) else { continue }
                    for column in columns {
                        for row in rows { dirty.insert(SIMD2(column, row)) }
                    }
                }
            }
            if seaChanged {
                mark(columns: Int.min...Int.max, rows: Int.min...Int.max)
            } else {
                let size = 2 * MercatorPoint.halfWorld / pow2(Double(z))
                // A hair wider than `draw`'s reach, so that a box ending on a tile's edge, give or take the last bit, counts.
                let reach = Self.reach * size / 256 + 1e-6
                func column(_ x: Double) -> Int { Int(((x + MercatorPoint.halfWorld) / size).rounded(.down)) }
                func row(_ y: Double) -> Int { Int(((MercatorPoint.halfWorld - y) / size).rounded(.down)) }
                for feature in changedFeatures where feature.isDrawn(atZoom: z) && feature.minX.isFinite {
                    mark(
                        columns: column(feature.minX - reach)...column(feature.maxX + reach),
                        rows: row(feature.maxY + reach)...row(feature.minY - reach))
                }
                for label in Self.difference(labels(zoom: z).all, older.labels(zoom: z).all) {
                    let tiles = LabelLayer.tiles(of: label.bounds)
                    mark(columns: tiles.columns, rows: tiles.rows)
                }
            }
            for column in new.columns {
                for row in new.rows where !old.columns.contains(column) || !old.rows.contains(row) { dirty.insert(SIMD2(column, row)) }
            }
            keys += dirty.sorted { ($0.x, $0.y) < ($1.x, $1.y) }.map { TileKey(z: z, x: $0.x, y: $0.y) }
        }
        return keys
    }

    /// Nil when the ranges do not meet (`clamped(to:)` would give a bound of one of them).
    private static func overlap(_ a: ClosedRange<Int>, _ b: ClosedRange<Int>) -> ClosedRange<Int>? {
        let (low, high) = (max(a.lowerBound, b.lowerBound), min(a.upperBound, b.upperBound))
        return low <= high ? low...high : nil
    }

    /// What one list holds that the other does not, counting repeats.
    static func difference<Element: Hashable>(_ a: [Element], _ b: [Element]) -> [Element] {
        var counts: [Element: Int] = [:]
        for element in a { counts[element, default: 0] += 1 }
        for element in b { counts[element, default: 0] -= 1 }
        return counts.filter { $0.value != 0 }.map(\.key)
    }
}
