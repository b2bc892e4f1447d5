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
    fileprivate struct Node {
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

    static let leafSize = 8
    private var nodes: [Node]

    init(points: [(coordinate: Coordinate, item: Int32)]) {
        nodes = points.map { coordinate, item in
            let v = SurfaceNormal(coordinate)
            return Node(x: v.x, y: v.y, z: v.z, item: item, axis: 0)
        }
        build(0, nodes.count)
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

    // MARK: Building

    private mutating func build(_ lo: Int, _ hi: Int) {
        guard hi - lo > Self.leafSize else { return }
        let axis = widestAxis(lo, hi)
        let mid = (lo + hi) / 2
        select(mid, lo, hi, axis)
        nodes[mid].axis = axis
        build(lo, mid)
        build(mid + 1, hi)
    }

    private func widestAxis(_ lo: Int, _ hi: Int) -> UInt8 {
        var best: UInt8 = 0, bestSpread = -1.0
        for axis: UInt8 in 0...2 {
            var low = Double.infinity, high = -Double.infinity
            for i in lo..<hi {
                let v = nodes[i][axis]
                low = min(low, v)
                high = max(high, v)
            }
            if high - low > bestSpread {
                bestSpread = high - low
                best = axis
            }
        }
        return best
    }

    /// Quickselect (Hoare) so that position `k` holds its order statistic on `axis`.
    private mutating func select(_ k: Int, _ lo: Int, _ hi: Int, _ axis: UInt8) {
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

    /// The `k` points nearest to `center` with squared chord ≤ `maxChordSquared`,
    /// in no particular order.
    func nearest(to center: SurfaceNormal, k: Int, maxChordSquared: Double) -> [Hit] {
        guard k > 0, !nodes.isEmpty else { return [] }
        var search = NearestSearch(query: center, k: k, bound: maxChordSquared)
        nodes.withUnsafeBufferPointer { search.visit($0, 0, $0.count) }
        return search.heap.unordered
    }

    /// Every point with squared chord ≤ `maxChordSquared`, in no particular order.
    func within(_ maxChordSquared: Double, of center: SurfaceNormal) -> [Hit] {
        guard !nodes.isEmpty else { return [] }
        var search = RangeSearch(query: center, bound: maxChordSquared)
        nodes.withUnsafeBufferPointer { search.visit($0, 0, $0.count) }
        return search.hits
    }

    fileprivate static func chordSquared(_ node: Node, _ q: SurfaceNormal) -> Double {
        let dx = node.x - q.x, dy = node.y - q.y, dz = node.z - q.z
        return dx * dx + dy * dy + dz * dz
    }

    /// How far the query lies on the far side of a node's splitting plane (negative: the near side is below).
    fileprivate static func offset(_ node: Node, _ q: SurfaceNormal) -> Double {
        (node.axis == 0 ? q.x : node.axis == 1 ? q.y : q.z) - node[node.axis]
    }

    /// A search walks the tree nearest side first, and the far side only
    /// when the splitting plane is within its bound.
    fileprivate protocol Search {
        var query: SurfaceNormal { get }
        var bound: Double { get }
        mutating func consider(_ node: Node)
    }

    /// The k nearest so far in a max-heap; the bound shrinks to the k-th once there are k.
    private struct NearestSearch: Search {
        let query: SurfaceNormal
        let k: Int
        var bound: Double
        var heap: Heap<Hit>

        init(query: SurfaceNormal, k: Int, bound: Double) {
            self.query = query
            self.k = k
            self.bound = bound
            // Room for the usual answer at once, not grown a doubling at a time.
            heap = Heap(minimumCapacity: min(k + 1, 64))
        }

        mutating func consider(_ node: Node) {
            let d2 = SphereKDTree.chordSquared(node, query)
            guard d2 <= bound else { return }
            heap.insert(Hit(chordSquared: d2, item: node.item, normal: node.normal))
            if heap.count > k { heap.removeMax() }
            if heap.count == k, let worst = heap.max { bound = min(bound, worst.chordSquared) }
        }
    }

    private struct RangeSearch: Search {
        let query: SurfaceNormal
        let bound: Double
        var hits: [Hit] = []

        init(query: SurfaceNormal, bound: Double) {
            self.query = query
            self.bound = bound
        }

        mutating func consider(_ node: Node) {
            let d2 = SphereKDTree.chordSquared(node, query)
            if d2 <= bound { hits.append(Hit(chordSquared: d2, item: node.item, normal: node.normal)) }
        }
    }
}

extension SphereKDTree.Search {
    mutating func visit(_ nodes: UnsafeBufferPointer<SphereKDTree.Node>, _ lo: Int, _ hi: Int) {
        guard hi - lo > SphereKDTree.leafSize else {
            for i in lo..<hi { consider(nodes[i]) }
            return
        }
        let mid = (lo + hi) / 2
        consider(nodes[mid])
        let delta = SphereKDTree.offset(nodes[mid], query)
        let (near, far) = delta < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
        // A query's time is mostly waiting for nodes from memory (the same
        // query run again, its nodes cached, takes a fifth as long), so the
        // far side's first node is asked for now and arrives while the near
        // side is walked. The bound only shrinks, so the far side may yet
        // be skipped.
        let farMayCount = delta * delta <= bound
        if farMayCount { nearby_prefetch(nodes.baseAddress! + (far.0 + far.1) / 2) }
        visit(nodes, near.0, near.1)
        if delta * delta <= bound { visit(nodes, far.0, far.1) }
    }
}
