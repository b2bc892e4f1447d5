/// A zoom's placed names, indexed by the tiles their boxes touch.
struct LabelLayer: Sendable {
    let all: [PlacedLabel]
    private let byTile: [SIMD2<Int>: [Int]]

    init(_ labels: [PlacedLabel]) {
        all = labels
        var byTile: [SIMD2<Int>: [Int]] = [:]
        for (index, label) in labels.enumerated() {
            let (columns, rows) = Self.tiles(of: label.bounds)
            for row in rows {
                for column in columns {
                    byTile[SIMD2(column, row), default: []].append(index)
                }
            }
        }
        self.byTile = byTile
    }

    /// The columns and rows of the tiles a box of world pixels touches.
    static func tiles(of box: CollisionGrid.Box) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        (
            Int((box.minX / 256).rounded(.down))...Int((box.maxX / 256).rounded(.down)),
            Int((box.minY / 256).rounded(.down))...Int((box.maxY / 256).rounded(.down))
        )
    }

    /// The labels touching any of these tiles, each once, in placement order.
    func labels(columns: Range<Int>, rows: Range<Int>) -> [PlacedLabel] {
        var indices = Set<Int>()
        for row in rows {
            for column in columns { indices.formUnion(byTile[SIMD2(column, row)] ?? []) }
        }
        return indices.sorted().map { all[$0] }
    }
}
