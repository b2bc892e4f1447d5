/// A point guaranteed to lie inside an area, for places mapped as buildings
/// or grounds. A centroid can fall outside (a U-shaped building, a ring
/// around a courtyard); this is the scan-line method of JTS's
/// `InteriorPointArea`: cross the largest polygon at mid-height and take the
/// middle of the widest inside stretch, holes excluded.
enum InteriorPoint {
    typealias Point = (x: Double, y: Double)
    /// Rings of one polygon: the outer ring first, then holes.
    typealias Polygon = [[Point]]

    static func of(_ polygons: [Polygon]) -> Point? {
        let candidates = polygons.filter { ($0.first?.count ?? 0) >= 3 }
        guard let largest = candidates.max(by: { area($0) < area($1) }) else { return nil }
        return of(largest)
    }

    static func of(_ polygon: Polygon) -> Point? {
        guard let outer = polygon.first, let first = outer.first else { return nil }
        var minY = first.y, maxY = first.y
        for p in outer {
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        let y = scanLine(polygon, between: minY, and: maxY)
        var crossings: [Double] = []
        for ring in polygon {
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y > y) != (b.y > y) {
                crossings.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            }
        }
        crossings.sort()
        var best: (width: Double, x: Double)?
        var i = 0
        while i + 1 < crossings.count {
            let width = crossings[i + 1] - crossings[i]
            if width > (best?.width ?? -1) { best = (width, (crossings[i] + crossings[i + 1]) / 2) }
            i += 2
        }
        guard let best else { return outer.first }
        return (best.x, y)
    }

    /// Mid-height, moved off any vertex so that no crossing is counted twice.
    private static func scanLine(_ polygon: Polygon, between minY: Double, and maxY: Double) -> Double {
        let middle = (minY + maxY) / 2
        var below = minY, above = maxY
        for ring in polygon {
            for p in ring {
                if p.y <= middle { below = max(below, p.y) } else { above = min(above, p.y) }
            }
        }
        return below == middle ? (middle + above) / 2 : middle
    }

    /// Outer-ring area less holes (shoelace), only to compare polygons.
    private static func area(_ polygon: Polygon) -> Double {
        func ringArea(_ ring: [Point]) -> Double {
            var sum = 0.0
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) { sum += a.x * b.y - b.x * a.y }
            return abs(sum) / 2
        }
        guard let outer = polygon.first else { return 0 }
        return ringArea(outer) - polygon.dropFirst().map(ringArea).reduce(0, +)
    }
}
