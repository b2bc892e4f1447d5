/// A zoom's placed names, indexed by the tiles their boxes touch.
struct LabelLayer: Sendable {
    let all: [PlacedLabel]
    private let byTile: [SIMD2<Int>: [Int]]

    init(_ labels: [PlacedLabel]) {
        all = labels
        var byTile: [SIMD2<Int>: [Int]] = [:]
        for (index, label) in labels.enumerated() {
            let box = label.bounds
            for row in Int((box.minY / 256).rounded(.down))...Int((box.maxY / 256).rounded(.down)) {
                for column in Int((box.minX / 256).rounded(.down))...Int((box.maxX / 256).rounded(.down)) {
                    byTile[SIMD2(column, row), default: []].append(index)
                }
            }
        }
        self.byTile = byTile
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
