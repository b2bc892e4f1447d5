import Foundation

/// The tiles covering a box at each of some zooms, computed on demand
/// rather than listed: a world-wide box at zoom 20 is a trillion tiles,
/// which must be counted (and refused) before anything is allocated.
public struct TileKeyRange: RandomAccessCollection, Sendable {
    struct Level: Sendable {
        var z: Int
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
        /// The index of the level's first tile in the whole range.
        var start: Int
    }

    let levels: [Level]
    public let count: Int

    /// The tiles over `bounds` (Web Mercator metres) at each zoom, with
    /// `margin` more tiles on every side, clipped to the world.
    public init(bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double), zooms: ClosedRange<Int>, margin: Int) {
        var levels: [Level] = []
        var total = 0
        for z in zooms {
            let count = 1 << z
            let size = 2 * MercatorPoint.halfWorld / Double(count)
            func cell(_ metres: Double) -> Int { Int(Swift.min(Swift.max(floor(metres / size), 0), Double(count - 1))) }
            let columns =
                Swift.max(
                    cell(bounds.minX + MercatorPoint.halfWorld) - margin, 0)...Swift.min(
                    cell(bounds.maxX + MercatorPoint.halfWorld) + margin, count - 1)
            let rows =
                Swift.max(
                    cell(MercatorPoint.halfWorld - bounds.maxY) - margin, 0)...Swift.min(
                    cell(MercatorPoint.halfWorld - bounds.minY) + margin, count - 1)
            levels.append(Level(z: z, columns: columns, rows: rows, start: total))
            total += columns.count * rows.count
        }
        self.levels = levels
        count = total
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Column by column, north to south within a column, zoom by zoom.
    public subscript(position: Int) -> TileKey {
        precondition(position >= 0 && position < count, "tile index out of range")
        let level = levels.last { $0.start <= position }!
        let offset = position - level.start
        return TileKey(
            z: level.z, x: level.columns.lowerBound + offset / level.rows.count,
            y: level.rows.lowerBound + offset % level.rows.count)
    }
}
