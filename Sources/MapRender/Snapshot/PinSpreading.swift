import Foundation

/// Where pins are drawn so that no head hides another. The rule:
///
/// - Pins whose heads would touch are gathered into a group, and so are
///   the pins touching those (transitively).
/// - A group of at most `ringLimit` pins stands on a ring around the mean
///   of their heads, in the order of their bearings from that mean (list
///   order for pins on one spot, the first at the top), the ring just wide
///   enough that neighbouring heads keep a gap. A moved pin keeps a leader
///   line from its place to its tip and a dot on the place.
/// - A larger group, or one whose ring would not fit in the image, becomes
///   one round cluster marker showing how many pins it holds, with a dot on
///   each of their places.
/// - Groups (rings and clusters) that would touch are merged, the closest
///   pairs first and each group once a round, and laid out again, until
///   nothing touches; a ring or a cluster that would leave the image is
///   moved in.
///
/// Pins are numbers here: a tip and a head radius in image pixels.
struct PinSpreading {
    struct Pin {
        var tip: PixelPoint
        var headRadius: Double
    }

    static let ringLimit = 20
    static let localRounds = 32
    /// Past this many pins on the image, pins start gathered by grid cell (`gathered`).
    static let oneByOneLimit = 1_000

    /// Pixels between two heads, and between a head and the image's edge.
    let gap: Double
    /// A cluster marker's radius in pixels.
    let clusterRadius: Double
    let imageWidth: Double
    let imageHeight: Double

    func place(_ pins: [Pin]) -> PinPlacement {
        // A pin off the image stays where it is: spreading would pull it in.
        let onImage = pins.indices.filter { index in
            let tip = pins[index].tip, reach = pins[index].headRadius * (PinPainter.stemLength + 2)
            return tip.x > -reach && tip.x < imageWidth + reach && tip.y > -reach && tip.y < imageHeight + reach
        }
        var groups = onImage.count > Self.oneByOneLimit ? gathered(onImage, pins) : onImage.map { [$0] }
        var layouts = groups.map { layout($0, pins) }
        var round = 0
        while groups.count > 1 {
            // The touching pairs, closest first; each group merges at most
            // once a round, so that a dense map gathers into many local
            // clusters and not one that spans it. After `localRounds`
            // rounds touching groups merge all at once, which bounds the
            // work on a request's thousand markers.
            var pairs = touchingPairs(layouts)
            guard !pairs.isEmpty else { break }
            pairs.sort { $0.distance != $1.distance ? $0.distance < $1.distance : ($0.a, $0.b) < ($1.a, $1.b) }
            var parent = Array(groups.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i {
                    parent[i] = parent[parent[i]]
                    i = parent[i]
                }
                return i
            }
            var taken = Set<Int>()
            for pair in pairs where round >= Self.localRounds || (!taken.contains(pair.a) && !taken.contains(pair.b)) {
                taken.formUnion([pair.a, pair.b])
                let ra = root(pair.a), rb = root(pair.b)
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
            var byRoot: [Int: [Int]] = [:]
            for index in groups.indices { byRoot[root(index), default: []] += groups[index] }
            groups = byRoot.keys.sorted().map { byRoot[$0]!.sorted() }
            layouts = groups.map { layout($0, pins) }
            round += 1
        }
        var tips = pins.map(\.tip)
        var clusters: [PinCluster] = []
        for layout in layouts {
            if layout.isCluster {
                clusters.append(PinCluster(centre: layout.centre, radius: clusterRadius, members: layout.members))
                for index in layout.members { tips[index] = layout.centre }
                continue
            }
            for (index, head) in zip(layout.members, layout.heads) {
                tips[index] = PixelPoint(x: head.x, y: head.y + pins[index].headRadius * PinPainter.stemLength)
            }
        }
        return PinPlacement(tips: tips, clusters: clusters)
    }

    /// Pins gathered by the cell of a grid (a cluster marker wide) their tips
    /// fall in, in list order: a map of tens of thousands of pins is a cloud
    /// of clusters whichever way it is laid out, and merging them one by one
    /// took minutes. The merging then starts from a few hundred groups.
    private func gathered(_ indices: [Int], _ pins: [Pin]) -> [[Int]] {
        let cell = max(1, 2 * clusterRadius + gap)
        var cells: [SIMD2<Int>: [Int]] = [:]
        var order: [SIMD2<Int>] = []
        for index in indices {
            let tip = pins[index].tip
            let key = SIMD2(Int((tip.x / cell).rounded(.down)), Int((tip.y / cell).rounded(.down)))
            if cells[key] == nil { order.append(key) }
            cells[key, default: []].append(index)
        }
        return order.compactMap { cells[$0] }
    }

    /// The pairs of layouts that touch. Two that touch are less than twice the
    /// largest reach plus the gap apart, so a grid of cells that wide finds
    /// each pair among neighbouring cells: near-linear, where comparing every
    /// pair took 82 s for 43,718 pins.
    private func touchingPairs(_ layouts: [Layout]) -> [(a: Int, b: Int, distance: Double)] {
        let cell = max(1, 2 * (layouts.map(\.reach).max() ?? 0) + gap)
        func key(_ point: PixelPoint) -> SIMD2<Int> {
            SIMD2(
                Int((point.x / cell).rounded(.down).clamped(to: -1e9...1e9)), Int((point.y / cell).rounded(.down).clamped(to: -1e9...1e9)))
        }
        var cells: [SIMD2<Int>: [Int]] = [:]
        for index in layouts.indices { cells[key(layouts[index].centre), default: []].append(index) }
        var pairs: [(a: Int, b: Int, distance: Double)] = []
        for a in layouts.indices {
            let home = key(layouts[a].centre)
            for dx in -1...1 {
                for dy in -1...1 {
                    for b in cells[home &+ SIMD2(dx, dy)] ?? [] where b > a && layouts[a].touches(layouts[b], gap: gap) {
                        pairs.append((a, b, layouts[a].distance(to: layouts[b])))
                    }
                }
            }
        }
        return pairs
    }

    /// Where a group's heads go: a single pin stays on its place.
    private struct Layout {
        var members: [Int]
        var heads: [PixelPoint]
        var centre: PixelPoint
        /// The radius of the circle holding every head (or the cluster marker).
        var reach: Double
        var isCluster = false

        func distance(to other: Layout) -> Double {
            hypot(centre.x - other.centre.x, centre.y - other.centre.y)
        }

        func touches(_ other: Layout, gap: Double) -> Bool {
            distance(to: other) < reach + other.reach + gap
        }
    }

    private func layout(_ members: [Int], _ pins: [Pin]) -> Layout {
        let heads = members.map { head(of: pins[$0]) }
        let largest = members.map { pins[$0].headRadius }.max() ?? 0
        guard members.count > 1 else {
            return Layout(members: members, heads: heads, centre: heads[0], reach: largest)
        }
        let n = Double(members.count)
        let mean = PixelPoint(x: heads.map(\.x).reduce(0, +) / n, y: heads.map(\.y).reduce(0, +) / n)
        // Neighbours on the ring are 2 sin(π/n) × radius apart.
        let ring = (2 * largest + gap) / (2 * sin(.pi / n))
        let tipDrop = largest * PinPainter.stemLength
        guard members.count <= Self.ringLimit,
            2 * (ring + largest + gap) <= imageWidth, 2 * (ring + gap) + largest + tipDrop <= imageHeight
        else {
            // A cluster is round and stands on its places, not above them.
            let places = members.map { pins[$0].tip }
            let middle = PixelPoint(x: places.map(\.x).reduce(0, +) / n, y: places.map(\.y).reduce(0, +) / n)
            let centre = inside(middle, reach: clusterRadius, below: clusterRadius)
            return Layout(members: members, heads: heads, centre: centre, reach: clusterRadius, isCluster: true)
        }
        let centre = inside(mean, reach: ring + largest, below: ring + tipDrop)
        // Bearings keep leader lines from crossing; pins on one spot keep list order.
        let bearings = heads.map { atan2($0.y - centre.y, $0.x - centre.x) }
        let order = members.indices.sorted { a, b in bearings[a] != bearings[b] ? bearings[a] < bearings[b] : a < b }
        let oneSpot = heads.allSatisfy { hypot($0.x - heads[0].x, $0.y - heads[0].y) < 0.5 }
        let start = oneSpot ? -Double.pi / 2 : bearings[order[0]]
        var placed = heads
        for (slot, index) in order.enumerated() {
            let angle = start + 2 * .pi * Double(slot) / n
            placed[index] = PixelPoint(x: centre.x + ring * cos(angle), y: centre.y + ring * sin(angle))
        }
        return Layout(members: members, heads: placed, centre: centre, reach: ring + largest)
    }

    private func head(of pin: Pin) -> PixelPoint {
        PixelPoint(x: pin.tip.x, y: pin.tip.y - pin.headRadius * PinPainter.stemLength)
    }

    /// Moves a centre so that a circle of `reach` around it, and what hangs
    /// `below` it, stay inside the image where the image is large enough.
    private func inside(_ centre: PixelPoint, reach: Double, below: Double) -> PixelPoint {
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
            low > high ? (low + high) / 2 : min(max(value, low), high)
        }
        return PixelPoint(
            x: clamp(centre.x, reach + gap, imageWidth - reach - gap),
            y: clamp(centre.y, reach + gap, imageHeight - below - gap))
    }
}

/// Where pins ended up: each pin's tip (a clustered pin's is its cluster's
/// centre) and the clusters.
struct PinPlacement {
    var tips: [PixelPoint]
    var clusters: [PinCluster]

    var clustered: Set<Int> { Set(clusters.flatMap(\.members)) }

    /// How many pins stand on a ring away from their `places`.
    func spread(from places: [PixelPoint]) -> Int {
        let clustered = clustered
        return places.indices.filter { index in
            index < tips.count && !clustered.contains(index)
                && hypot(places[index].x - tips[index].x, places[index].y - tips[index].y) > 0.5
        }.count
    }
}

/// One marker standing for pins that could not be drawn apart.
public struct PinCluster: Hashable, Sendable {
    public let centre: PixelPoint
    public let radius: Double
    /// The indices of the pins it holds, in the order given.
    public let members: [Int]
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
