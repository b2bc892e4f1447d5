import CPrefetch
import Foundation
import HeapModule

/// A k-d tree over points on the unit sphere (3-D unit vectors). Chord
/// length grows with the angle between two points, so nearest-by-chord is
/// nearest-by-angle, with no special case at the antimeridian or the poles.
///
/// The tree is implicit: points are reordered so that each range's median
/// is its node, and the two halves are its children; a range of at most
/// `leafSize` points is a leaf, scanned whole. Each point is one 32-byte
/// record (unit vector, axis, the caller's index), so visiting a node or
/// scanning a leaf reads neighbouring memory, not several arrays.
struct SphereKDTree: Sendable {
    struct Node {
        var x: Double
        var y: Double
        var z: Double
        var item: Int32
        var axis: UInt8

        var normal: SurfaceNormal { SurfaceNormal(x: x, y: y, z: z) }

        subscript(axis: UInt8) -> Double {
            switch axis {
            case 0: x
            case 1: y
            default: z
            }
        }
    }

    /// The box around a range's points. A query far from every point (an
    /// origin outside the data) is near every splitting plane, which alone
    /// would prune nothing: the box of a range it lies far from does.
    struct Box {
        var low = SurfaceNormal(x: .infinity, y: .infinity, z: .infinity)
        var high = SurfaceNormal(x: -.infinity, y: -.infinity, z: -.infinity)

        /// The least squared chord from `q` to any point in the box.
        func chordSquared(to q: SurfaceNormal) -> Double {
            let dx = max(low.x - q.x, 0, q.x - high.x)
            let dy = max(low.y - q.y, 0, q.y - high.y)
            let dz = max(low.z - q.z, 0, q.z - high.z)
            return dx * dx + dy * dy + dz * dz
        }
    }

    static let leafSize = 8
    var nodes: [Node]
    /// The boxes of the inner nodes of the top `boxedLevels` levels, numbered as
    /// a heap: the root 0, node n's halves 2n+1 and 2n+2. Below them a range
    /// is a few hundred points, the planes prune as well, and the boxes (a few
    /// hundred KiB at most) stay in cache.
    var boxes: [Box] = []
    static let boxedLevels = 13

    init(points: [(coordinate: Coordinate, item: Int32)]) {
        nodes = points.map { coordinate, item in
            let v = SurfaceNormal(coordinate)
            return Node(x: v.x, y: v.y, z: v.z, item: item, axis: 0)
        }
        build(0, nodes.count, 0)
    }

    /// The squared chord between two unit vectors an angle `radians` apart.
    static func chordSquared(forAngle radians: Double) -> Double {
        let half = sin(min(radians, .pi) / 2)
        return 4 * half * half
    }

    static func angle(forChordSquared d2: Double) -> Double {
        2 * asin(min(1, sqrt(d2) / 2))
    }

    /// The caller's indices in the order the tree holds them: near each
    /// other in space, so near each other here.
    var itemsInTreeOrder: [Int32] { nodes.map(\.item) }

    /// Makes each point's index its position in `itemsInTreeOrder`, for a
    /// caller that has put its own array in that order.
    mutating func numberItemsByPosition() {
        for i in nodes.indices { nodes[i].item = Int32(i) }
    }

    /// The point at a position of `itemsInTreeOrder`: after `numberItemsByPosition`, item `position`'s.
    func normal(at position: Int) -> SurfaceNormal {
        nodes[position].normal
    }

    // MARK: Building

    mutating func build(_ lo: Int, _ hi: Int, _ number: Int) {
        guard hi - lo > Self.leafSize else { return }
        var box = Box()
        for i in lo..<hi {
            let v = nodes[i]
            box.low = SurfaceNormal(x: min(box.low.x, v.x), y: min(box.low.y, v.y), z: min(box.low.z, v.z))
            box.high = SurfaceNormal(x: max(box.high.x, v.x), y: max(box.high.y, v.y), z: max(box.high.z, v.z))
        }
        if number < 1 << Self.boxedLevels - 1 {
            if boxes.count <= number { boxes += Array(repeating: Box(), count: number + 1 - boxes.count) }
            boxes[number] = box
        }
        // Split across the widest side.
        let spread = [box.high.x - box.low.x, box.high.y - box.low.y, box.high.z - box.low.z]
        let axis = UInt8(spread.indices.max { spread[$0] < spread[$1] }!)
        let mid = (lo + hi) / 2
        select(mid, lo, hi, axis)
        nodes[mid].axis = axis
        build(lo, mid, 2 * number + 1)
        build(mid + 1, hi, 2 * number + 2)
    }

    /// Quickselect (Hoare) so that position `k` holds its order statistic on `axis`.
    mutating func select(_ k: Int, _ lo: Int, _ hi: Int, _ axis: UInt8) {
        var lo = lo, hi = hi - 1
        while lo < hi {
            let pivot = nodes[(lo + hi) / 2][axis]
            var i = lo, j = hi
            while i <= j {
                while nodes[i][axis] < pivot { i += 1 }
                while nodes[j][axis] > pivot { j -= 1 }
                if i <= j {
                    nodes.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }

    // MARK: Queries

    struct Hit: Comparable {
        var chordSquared: Double
        var item: Int32
        /// The point itself, for measuring without looking the item up.
        var normal: SurfaceNormal

        static func < (a: Hit, b: Hit) -> Bool {
            (a.chordSquared, a.item) < (b.chordSquared, b.item)
        }
    }

    /// The `k` points nearest to `center` with squared chord ≤ `maxChordSquared`
    /// (of those whose item `admits`, when given), in no particular order.
    func nearest(to center: SurfaceNormal, k: Int, maxChordSquared: Double, admits: ((Int32) -> Bool)? = nil) -> [Hit] {
        guard k > 0, !nodes.isEmpty else { return [] }
        var search = NearestSearch(query: center, k: k, bound: maxChordSquared, admits: admits)
        walk(&search)
        return search.heap.unordered
    }

    /// Every point with squared chord ≤ `maxChordSquared` (whose item `admits`,
    /// when given), in no particular order.
    func within(_ maxChordSquared: Double, of center: SurfaceNormal, admits: ((Int32) -> Bool)? = nil) -> [Hit] {
        guard !nodes.isEmpty else { return [] }
        var search = RangeSearch(query: center, bound: maxChordSquared, admits: admits)
        walk(&search)
        return search.hits
    }

    /// As `nearest`, among the points at `positions` only: positions of
    /// `itemsInTreeOrder` (the items, after `numberItemsByPosition`), strictly
    /// increasing. Each subtree holds a run of positions, so the walk skips
    /// every subtree none of them lies in, and measures only points among them.
    func nearest(
        to center: SurfaceNormal, k: Int, maxChordSquared: Double, among positions: ArraySlice<Int32>,
        admits: ((Int32) -> Bool)? = nil
    ) -> [Hit] {
        guard k > 0, !nodes.isEmpty else { return [] }
        var search = NearestSearch(query: center, k: k, bound: maxChordSquared, admits: admits)
        walk(&search, among: positions)
        return search.heap.unordered
    }

    /// As `within`, among the points at `positions` only (as `nearest(to:k:maxChordSquared:among:admits:)` takes them).
    func within(
        _ maxChordSquared: Double, of center: SurfaceNormal, among positions: ArraySlice<Int32>, admits: ((Int32) -> Bool)? = nil
    ) -> [Hit] {
        guard !nodes.isEmpty else { return [] }
        var search = RangeSearch(query: center, bound: maxChordSquared, admits: admits)
        walk(&search, among: positions)
        return search.hits
    }

    func walk(_ search: inout some Search) {
        nodes.withUnsafeBufferPointer { nodes in
            boxes.withUnsafeBufferPointer { boxes in search.visit(nodes, boxes, 0, nodes.count, 0) }
        }
    }

    func walk(_ search: inout some Search, among positions: ArraySlice<Int32>) {
        nodes.withUnsafeBufferPointer { nodes in
            boxes.withUnsafeBufferPointer { boxes in
                positions.withUnsafeBufferPointer { positions in search.visit(nodes, boxes, 0, nodes.count, 0, among: positions[...]) }
            }
        }
    }

    static func chordSquared(_ node: Node, _ q: SurfaceNormal) -> Double {
        let dx = node.x - q.x, dy = node.y - q.y, dz = node.z - q.z
        return dx * dx + dy * dy + dz * dz
    }

    static func chordSquared(_ p: SurfaceNormal, _ q: SurfaceNormal) -> Double {
        let dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z
        return dx * dx + dy * dy + dz * dz
    }

    /// How far the query lies on the far side of a node's splitting plane (negative: the near side is below).
    static func offset(_ node: Node, _ q: SurfaceNormal) -> Double {
        (node.axis == 0 ? q.x : node.axis == 1 ? q.y : q.z) - node[node.axis]
    }

    /// A search walks the tree nearest side first, and the far side only
    /// when the splitting plane is within its bound.
}
