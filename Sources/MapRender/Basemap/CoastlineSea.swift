/// The sea, built from OpenStreetMap's `natural=coastline` ways, which run
/// with land on their left. Ways are joined into chains; a closed chain is an
/// island; an open chain (cut where the extract ends) is carried on along
/// its general direction to a box well beyond the extract and closed
/// along that box clockwise, which encloses the water side. This is the
/// "close along the bounds" approach: right for an extract with one stretch
/// of coast, like Monaco; osmcoastline is the tool for whole continents.
struct CoastlineSea: Equatable, Sendable {
    /// Rings to fill with water (even-odd).
    let seaRings: [[MercatorPoint]]
    /// Rings to fill with land on top of the sea.
    let islands: [[MercatorPoint]]
    /// True when the extract has coast but only islands: the background is sea.
    let seaEverywhere: Bool

    /// How far beyond the extract the open coast is carried on: enough for
    /// the sea to reach the edges of zoom-9 tiles around it.
    static let reach = 100_000.0

    init(coastlines: [[MercatorPoint]], bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)) {
        let chains = Self.join(coastlines)
        let box = (
            minX: bounds.minX - Self.reach, minY: bounds.minY - Self.reach,
            maxX: bounds.maxX + Self.reach, maxY: bounds.maxY + Self.reach
        )
        var sea: [[MercatorPoint]] = []
        var islands: [[MercatorPoint]] = []
        for chain in chains {
            if chain.first == chain.last {
                islands.append(chain)
            } else {
                sea.append(Self.close(chain, in: box))
            }
        }
        seaRings = sea
        self.islands = islands
        seaEverywhere = sea.isEmpty && !islands.isEmpty
    }

    /// Joins ways that share end points into the longest chains.
    static func join(_ ways: [[MercatorPoint]]) -> [[MercatorPoint]] {
        var startingAt: [MercatorPoint: [Int]] = [:], endingAt: [MercatorPoint: [Int]] = [:]
        for (index, way) in ways.enumerated() where way.count >= 2 {
            startingAt[way[0], default: []].append(index)
            endingAt[way[way.count - 1], default: []].append(index)
        }
        var unused = Set(ways.indices.filter { ways[$0].count >= 2 })
        var chains: [[MercatorPoint]] = []
        for seed in ways.indices where unused.contains(seed) {
            unused.remove(seed)
            var chain = ways[seed]
            while chain.first != chain.last,
                let next = startingAt[chain[chain.count - 1]]?.first(where: unused.contains)
            {
                unused.remove(next)
                chain += ways[next].dropFirst()
            }
            while chain.first != chain.last,
                let previous = endingAt[chain[0]]?.first(where: unused.contains)
            {
                unused.remove(previous)
                chain = ways[previous].dropLast() + chain
            }
            chains.append(chain)
        }
        return chains
    }

    private static func close(_ chain: [MercatorPoint], in box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> [MercatorPoint]
    {
        // Both ends carry on along the chord from the first vertex to the
        // last: the coast's general trend. The last segments can point
        // anywhere (into a bay, round a jetty) and would send the sea inland.
        let n = chain.count
        let end = exit(from: chain[n - 1], awayFrom: chain[0], box: box)
        let start = exit(from: chain[0], awayFrom: chain[n - 1], box: box)
        var ring = chain + [end]
        let width = box.maxX - box.minX, height = box.maxY - box.minY
        let perimeter = 2 * (width + height)
        let corners: [(t: Double, point: MercatorPoint)] = [
            (width, MercatorPoint(x: box.maxX, y: box.maxY)),
            (width + height, MercatorPoint(x: box.maxX, y: box.minY)),
            (2 * width + height, MercatorPoint(x: box.minX, y: box.minY)),
            (perimeter, MercatorPoint(x: box.minX, y: box.maxY)),
        ]
        // Clockwise (y up) from where the coast leaves to where it enters:
        // water is on the coast's right, so this walk goes round the water.
        let from = position(of: end, box: box), to = position(of: start, box: box)
        let distance = (to - from + perimeter).truncatingRemainder(dividingBy: perimeter)
        let walked = corners.flatMap { corner in [corner, (corner.t + perimeter, corner.point)] }
            .filter { $0.t > from && $0.t < from + distance }
            .sorted { $0.t < $1.t }
        ring += walked.map(\.point)
        ring.append(start)
        ring.append(chain[0])
        return ring
    }

    /// Where a ray from `point`, pointing away from `behind`, leaves the box.
    private static func exit(
        from point: MercatorPoint, awayFrom behind: MercatorPoint,
        box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> MercatorPoint {
        let p = MercatorPoint(x: min(max(point.x, box.minX), box.maxX), y: min(max(point.y, box.minY), box.maxY))
        var dx = point.x - behind.x, dy = point.y - behind.y
        if dx == 0 && dy == 0 { dy = -1 }
        let length = (dx * dx + dy * dy).squareRoot()
        dx /= length
        dy /= length
        var s = Double.infinity
        if dx > 0 { s = min(s, (box.maxX - p.x) / dx) }
        if dx < 0 { s = min(s, (box.minX - p.x) / dx) }
        if dy > 0 { s = min(s, (box.maxY - p.y) / dy) }
        if dy < 0 { s = min(s, (box.minY - p.y) / dy) }
        return MercatorPoint(x: min(max(p.x + s * dx, box.minX), box.maxX), y: min(max(p.y + s * dy, box.minY), box.maxY))
    }

    /// Distance along the box's edge, clockwise from the top-left corner.
    private static func position(of point: MercatorPoint, box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> Double {
        let width = box.maxX - box.minX, height = box.maxY - box.minY
        let distances = [abs(point.y - box.maxY), abs(point.x - box.maxX), abs(point.y - box.minY), abs(point.x - box.minX)]
        switch distances.indices.min(by: { distances[$0] < distances[$1] }) {
        case 0: return point.x - box.minX
        case 1: return width + (box.maxY - point.y)
        case 2: return width + height + (box.maxX - point.x)
        default: return 2 * width + height + (point.y - box.minY)
        }
    }
}
