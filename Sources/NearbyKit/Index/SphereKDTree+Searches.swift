import CPrefetch
import Foundation
import HeapModule

/// The two walks of the tree: the k nearest, and everything within a bound.
extension SphereKDTree {
    protocol Search {
        var query: SurfaceNormal { get }
        var bound: Double { get }
        mutating func consider(_ node: Node)
    }

    /// The k nearest so far in a max-heap; the bound shrinks to the k-th once there are k.
    struct NearestSearch: Search {
        let query: SurfaceNormal
        let k: Int
        var bound: Double
        let admits: ((Int32) -> Bool)?
        var heap: Heap<Hit>

        init(query: SurfaceNormal, k: Int, bound: Double, admits: ((Int32) -> Bool)?) {
            self.query = query
            self.k = k
            self.bound = bound
            self.admits = admits
            // Room for the usual answer at once, not grown a doubling at a time.
            heap = Heap(minimumCapacity: min(k + 1, 64))
        }

        mutating func consider(_ node: Node) {
            let d2 = SphereKDTree.chordSquared(node, query)
            guard d2 <= bound, admits?(node.item) ?? true else { return }
            heap.insert(Hit(chordSquared: d2, item: node.item, normal: node.normal))
            if heap.count > k { heap.removeMax() }
            if heap.count == k, let worst = heap.max { bound = min(bound, worst.chordSquared) }
        }
    }

    struct RangeSearch: Search {
        let query: SurfaceNormal
        let bound: Double
        let admits: ((Int32) -> Bool)?
        var hits: [Hit] = []

        init(query: SurfaceNormal, bound: Double, admits: ((Int32) -> Bool)?) {
            self.query = query
            self.bound = bound
            self.admits = admits
        }

        mutating func consider(_ node: Node) {
            let d2 = SphereKDTree.chordSquared(node, query)
            if d2 <= bound, admits?(node.item) ?? true { hits.append(Hit(chordSquared: d2, item: node.item, normal: node.normal)) }
        }
    }
}

extension SphereKDTree.Search {
    /// Visits the range `lo..<hi`, inner node `number`.
    mutating func visit(
        _ nodes: UnsafeBufferPointer<SphereKDTree.Node>, _ boxes: UnsafeBufferPointer<SphereKDTree.Box>, _ lo: Int, _ hi: Int,
        _ number: Int
    ) {
        guard hi - lo > SphereKDTree.leafSize else {
            for i in lo..<hi { consider(nodes[i]) }
            return
        }
        guard number >= boxes.count || boxes[number].chordSquared(to: query) <= bound else { return }
        let mid = (lo + hi) / 2
        consider(nodes[mid])
        let delta = SphereKDTree.offset(nodes[mid], query)
        let (near, far) =
            delta < 0
            ? ((lo, mid, 2 * number + 1), (mid + 1, hi, 2 * number + 2)) : ((mid + 1, hi, 2 * number + 2), (lo, mid, 2 * number + 1))
        // A query's time is mostly waiting for nodes from memory (the same
        // query run again, its nodes cached, takes a fifth as long), so the
        // far side's first node is asked for now and arrives while the near
        // side is walked. The bound only shrinks, so the far side may yet
        // be skipped.
        let farMayCount = delta * delta <= bound
        if farMayCount { nearby_prefetch(nodes.baseAddress! + (far.0 + far.1) / 2) }
        visit(nodes, boxes, near.0, near.1, near.2)
        if delta * delta <= bound { visit(nodes, boxes, far.0, far.1, far.2) }
    }

    /// Visits the range `lo..<hi`, inner node `number`, where only the points
    /// at `positions` (increasing, all within the range) count.
    mutating func visit(
        _ nodes: UnsafeBufferPointer<SphereKDTree.Node>, _ boxes: UnsafeBufferPointer<SphereKDTree.Box>, _ lo: Int, _ hi: Int,
        _ number: Int, among positions: Slice<UnsafeBufferPointer<Int32>>
    ) {
        guard !positions.isEmpty else { return }
        // A leaf has no box; a few points left are cheaper to measure than to split.
        let few = hi - lo <= SphereKDTree.leafSize
        guard few || number >= boxes.count || boxes[number].chordSquared(to: query) <= bound else { return }
        guard !few, positions.count > SphereKDTree.leafSize else {
            for position in positions { consider(nodes[Int(position)]) }
            return
        }
        let mid = (lo + hi) / 2
        let split = positions.partitionPoint { $0 < mid }
        var above = split
        if split < positions.endIndex, positions[split] == mid {
            consider(nodes[mid])
            above += 1
        }
        let delta = SphereKDTree.offset(nodes[mid], query)
        let low = (lo, mid, 2 * number + 1, positions[..<split])
        let high = (mid + 1, hi, 2 * number + 2, positions[above...])
        let (near, far) = delta < 0 ? (low, high) : (high, low)
        visit(nodes, boxes, near.0, near.1, near.2, among: near.3)
        if delta * delta <= bound { visit(nodes, boxes, far.0, far.1, far.2, among: far.3) }
    }
}
