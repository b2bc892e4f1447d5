/// Boxes already taken on a zoom's world, in pixels, bucketed in square
/// cells so that a new box is checked only against its neighbours.
struct CollisionGrid {
    struct Box: Hashable, Sendable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
    }

    private let cell = 64.0
    private var cells: [SIMD2<Int>: [Box]] = [:]

    private func keys(_ box: Box) -> [SIMD2<Int>] {
        let x0 = Int((box.minX / cell).rounded(.down)), x1 = Int((box.maxX / cell).rounded(.down))
        let y0 = Int((box.minY / cell).rounded(.down)), y1 = Int((box.maxY / cell).rounded(.down))
        return (y0...y1).flatMap { y in (x0...x1).map { x in SIMD2(x, y) } }
    }

    func isFree(_ boxes: [Box]) -> Bool {
        boxes.allSatisfy { box in keys(box).allSatisfy { key in cells[key]?.allSatisfy { !$0.overlaps(box) } ?? true } }
    }

    mutating func insert(_ boxes: [Box]) {
        for box in boxes {
            for key in keys(box) { cells[key, default: []].append(box) }
        }
    }
}
