import Foundation
import HeapModule

/// A k-d tree over points on the unit sphere (3-D unit vectors). Chord
/// length grows with the angle between two points, so nearest-by-chord is
/// nearest-by-angle, with no special case at the antimeridian or the poles.
///
/// The tree is implicit: points are reordered so that each range's median
/// is its node, and the two halves are its children. Nothing but the
/// coordinates and an index into the caller's array is stored.
struct SphereKDTree: Sendable {
    private var xs: [Double] = []
    private var ys: [Double] = []
    private var zs: [Double] = []
    private var items: [Int32] = []
    private var axes: [UInt8] = []

    var count: Int { items.count }

    init(points: [(coordinate: Coordinate, item: Int32)]) {
        let n = points.count
        xs.reserveCapacity(n); ys.reserveCapacity(n); zs.reserveCapacity(n); items.reserveCapacity(n)
        for (coordinate, item) in points {
            let v = Self.unitVector(coordinate)
            xs.append(v.x); ys.append(v.y); zs.append(v.z); items.append(item)
        }
        axes = Array(repeating: 0, count: n)
        build(0, n)
    }

    static func unitVector(_ c: Coordinate) -> (x: Double, y: Double, z: Double) {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        let cosLat = cos(lat)
        return (cosLat * cos(lon), cosLat * sin(lon), sin(lat))
    }

    /// The squared chord between two unit vectors an angle `radians` apart.
    static func chordSquared(forAngle radians: Double) -> Double {
        let half = sin(min(radians, .pi) / 2)
        return 4 * half * half
    }

    static func angle(forChordSquared d2: Double) -> Double {
        2 * asin(min(1, sqrt(d2) / 2))
    }

    // MARK: Building

    private mutating func build(_ lo: Int, _ hi: Int) {
        guard hi - lo > 1 else { return }
        let axis = widestAxis(lo, hi)
        let mid = (lo + hi) / 2
        select(mid, lo, hi, axis)
        axes[mid] = axis
        build(lo, mid)
        build(mid + 1, hi)
    }

    private func coordinate(_ i: Int, _ axis: UInt8) -> Double {
        switch axis { case 0: xs[i]; case 1: ys[i]; default: zs[i] }
    }

    private func widestAxis(_ lo: Int, _ hi: Int) -> UInt8 {
        var best: UInt8 = 0, bestSpread = -1.0
        for axis: UInt8 in 0...2 {
            var low = Double.infinity, high = -Double.infinity
            for i in lo..<hi {
                let v = coordinate(i, axis)
                low = min(low, v); high = max(high, v)
            }
            if high - low > bestSpread { bestSpread = high - low; best = axis }
        }
        return best
    }

    /// Quickselect (Hoare) so that position `k` holds its order statistic on `axis`.
    private mutating func select(_ k: Int, _ lo: Int, _ hi: Int, _ axis: UInt8) {
        var lo = lo, hi = hi - 1
        while lo < hi {
            let pivot = coordinate((lo + hi) / 2, axis)
            var i = lo, j = hi
            while i <= j {
                while coordinate(i, axis) < pivot { i += 1 }
                while coordinate(j, axis) > pivot { j -= 1 }
                if i <= j { swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        xs.swapAt(i, j); ys.swapAt(i, j); zs.swapAt(i, j); items.swapAt(i, j)
    }

    // MARK: Queries

    struct Hit: Comparable {
        var chordSquared: Double
        var item: Int32
        static func < (a: Hit, b: Hit) -> Bool {
            (a.chordSquared, a.item) < (b.chordSquared, b.item)
        }
    }

    /// The `k` points nearest to `center` with squared chord ≤ `maxChordSquared`,
    /// in no particular order.
    func nearest(to center: Coordinate, k: Int, maxChordSquared: Double) -> [Hit] {
        guard k > 0, !items.isEmpty else { return [] }
        let q = Self.unitVector(center)
        var heap = Heap<Hit>()
        var bound = maxChordSquared
        nearest(q, k, &heap, &bound, 0, items.count)
        return heap.unordered
    }

    private func nearest(_ q: (x: Double, y: Double, z: Double), _ k: Int, _ heap: inout Heap<Hit>, _ bound: inout Double, _ lo: Int, _ hi: Int) {
        guard lo < hi else { return }
        let mid = (lo + hi) / 2
        let dx = xs[mid] - q.x, dy = ys[mid] - q.y, dz = zs[mid] - q.z
        let d2 = dx * dx + dy * dy + dz * dz
        if d2 <= bound {
            heap.insert(Hit(chordSquared: d2, item: items[mid]))
            if heap.count > k { heap.removeMax() }
            if heap.count == k, let worst = heap.max { bound = min(bound, worst.chordSquared) }
        }
        guard hi - lo > 1 else { return }
        let axis = axes[mid]
        let delta = (axis == 0 ? q.x : axis == 1 ? q.y : q.z) - coordinate(mid, axis)
        let (near, far) = delta < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
        nearest(q, k, &heap, &bound, near.0, near.1)
        if delta * delta <= bound { nearest(q, k, &heap, &bound, far.0, far.1) }
    }

    /// Every point with squared chord ≤ `maxChordSquared`, in no particular order.
    func within(_ maxChordSquared: Double, of center: Coordinate) -> [Hit] {
        var hits: [Hit] = []
        guard !items.isEmpty else { return hits }
        within(Self.unitVector(center), maxChordSquared, &hits, 0, items.count)
        return hits
    }

    private func within(_ q: (x: Double, y: Double, z: Double), _ bound: Double, _ hits: inout [Hit], _ lo: Int, _ hi: Int) {
        guard lo < hi else { return }
        let mid = (lo + hi) / 2
        let dx = xs[mid] - q.x, dy = ys[mid] - q.y, dz = zs[mid] - q.z
        let d2 = dx * dx + dy * dy + dz * dz
        if d2 <= bound { hits.append(Hit(chordSquared: d2, item: items[mid])) }
        guard hi - lo > 1 else { return }
        let axis = axes[mid]
        let delta = (axis == 0 ? q.x : axis == 1 ? q.y : q.z) - coordinate(mid, axis)
        let (near, far) = delta < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
        within(q, bound, &hits, near.0, near.1)
        if delta * delta <= bound { within(q, bound, &hits, far.0, far.1) }
    }
}
