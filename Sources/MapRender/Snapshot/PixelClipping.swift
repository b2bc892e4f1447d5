/// Clips lines and polygons to a rectangle of image pixels before cairo sees
/// them: cairo keeps coordinates in 24.8 fixed point, and a path vertex far
/// off the image (thousands of kilometres away at zoom 20) would overflow it.
struct PixelClipping {
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    /// The image widened by `margin` pixels on every side, so that clipped
    /// line ends and joins stay outside what is seen.
    init(width: Int, height: Int, margin: Double) {
        minX = -margin
        minY = -margin
        maxX = Double(width) + margin
        maxY = Double(height) + margin
    }

    /// The polyline cut into the runs that cross the rectangle.
    func clip(polyline points: [PixelPoint]) -> [[PixelPoint]] {
        var runs: [[PixelPoint]] = []
        var current: [PixelPoint] = []
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (start, end) = clip(segmentFrom: a, to: b) else {
                if current.count > 1 { runs.append(current) }
                current = []
                continue
            }
            if current.last != start {
                if current.count > 1 { runs.append(current) }
                current = [start]
            }
            current.append(end)
        }
        if current.count > 1 { runs.append(current) }
        return runs
    }

    /// Liang–Barsky: the part of the segment inside the rectangle, if any.
    func clip(segmentFrom a: PixelPoint, to b: PixelPoint) -> (PixelPoint, PixelPoint)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return nil }
            }
        }
        guard t0.isFinite, t1.isFinite else { return nil }
        let start = t0 == 0 ? a : PixelPoint(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = t1 == 1 ? b : PixelPoint(x: a.x + t1 * dx, y: a.y + t1 * dy)
        return (start, end)
    }

    /// Sutherland–Hodgman: the closed polygon cut to the rectangle (convex,
    /// so one pass per edge is exact).
    func clip(polygon points: [PixelPoint]) -> [PixelPoint] {
        var output = points
        let edges: [(inside: (PixelPoint) -> Bool, cross: (PixelPoint, PixelPoint) -> PixelPoint)] = [
            ({ $0.x >= minX }, { a, b in Self.at(x: minX, a, b) }),
            ({ $0.x <= maxX }, { a, b in Self.at(x: maxX, a, b) }),
            ({ $0.y >= minY }, { a, b in Self.at(y: minY, a, b) }),
            ({ $0.y <= maxY }, { a, b in Self.at(y: maxY, a, b) }),
        ]
        for edge in edges {
            guard let last = output.last else { break }
            let input = output
            output = []
            var previous = last
            for point in input {
                switch (edge.inside(point), edge.inside(previous)) {
                case (true, true): output.append(point)
                case (true, false):
                    output.append(edge.cross(previous, point))
                    output.append(point)
                case (false, true): output.append(edge.cross(previous, point))
                case (false, false): break
                }
                previous = point
            }
        }
        return output
    }

    private static func at(x: Double, _ a: PixelPoint, _ b: PixelPoint) -> PixelPoint {
        let t = (x - a.x) / (b.x - a.x)
        return PixelPoint(x: x, y: a.y + t * (b.y - a.y))
    }

    private static func at(y: Double, _ a: PixelPoint, _ b: PixelPoint) -> PixelPoint {
        let t = (y - a.y) / (b.y - a.y)
        return PixelPoint(x: a.x + t * (b.x - a.x), y: y)
    }
}
