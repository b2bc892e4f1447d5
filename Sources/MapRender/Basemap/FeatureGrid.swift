/// The basemap's features bucketed by square cells of Web Mercator metres,
/// so that a tile looks only at the features near it instead of at every
/// feature of the extract. Each cell lists its features' indices in
/// drawing order; a feature crossing several cells is listed in each.
struct FeatureGrid: Sendable {
    /// Cells of a zoom-14 tile, about 2.4 km at the equator: a few thousand
    /// features each in a dense city.
    static let cellZoom = 14
    /// Above this many cells a query reads every feature instead: a
    /// low-zoom tile covers most of the data anyway.
    static let largestQuery = 256

    private let cellSize: Double
    private let cells: [SIMD2<Int32>: [Int32]]
    private let count: Int

    init(_ features: [BasemapFeature]) {
        cellSize = 2 * MercatorPoint.halfWorld / Double(1 << Self.cellZoom)
        count = features.count
        var cells: [SIMD2<Int32>: [Int32]] = [:]
        for (index, feature) in features.enumerated() {
            let (columns, rows) = Self.span(
                minX: feature.minX, minY: feature.minY, maxX: feature.maxX, maxY: feature.maxY, cellSize: cellSize)
            for row in rows {
                for column in columns { cells[SIMD2(column, row), default: []].append(Int32(index)) }
            }
        }
        self.cells = cells
    }

    /// The indices, in drawing order, of the features whose boxes may meet
    /// the given box (the caller checks each box itself).
    func candidates(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int] {
        let (columns, rows) = Self.span(minX: minX, minY: minY, maxX: maxX, maxY: maxY, cellSize: cellSize)
        guard columns.count * rows.count <= Self.largestQuery else { return Array(0..<count) }
        if columns.count == 1, rows.count == 1 {
            return (cells[SIMD2(columns.lowerBound, rows.lowerBound)] ?? []).map(Int.init)
        }
        var found = Set<Int32>()
        for row in rows {
            for column in columns { found.formUnion(cells[SIMD2(column, row)] ?? []) }
        }
        return found.sorted().map(Int.init)
    }

    private static func span(
        minX: Double, minY: Double, maxX: Double, maxY: Double,
        cellSize: Double
    ) -> (ClosedRange<Int32>, ClosedRange<Int32>) {
        // Clamped to the world: cells outside it hold nothing.
        let last = Double((1 << cellZoom) - 1)
        func cell(_ metres: Double) -> Int32 {
            Int32(min(max(((metres + MercatorPoint.halfWorld) / cellSize).rounded(.down), 0), last))
        }
        return (cell(minX)...cell(max(minX, maxX)), cell(minY)...cell(max(minY, maxY)))
    }
}
