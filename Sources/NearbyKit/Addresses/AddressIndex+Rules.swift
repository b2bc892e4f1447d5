import Foundation

/// Rules 2 to 4 (docs/ADDRESSES.md): the addressed outline a position lies in, the nearest address point, the nearest street.
extension AddressIndex {
    // MARK: - Rules 2 to 4

    func smallestOutline(containing p: LonLat, _ work: inout AddressWork) -> (Int, BandedPolygon)? {
        var best: (Int, BandedPolygon)?
        pointGrid.items(around: p, latitudeDegrees: 0, longitudeDegrees: 0) { item in
            let index = Int(item)
            guard let shape = outlines[index], shape.contains(p), work.allows(sources.points[index].id) else { return }
            if Self.better(shape.box.area, index, than: best.map { ($0.1.box.area, $0.0) }) { best = (index, shape) }
        }
        return best
    }

    /// The nearest element naming a street within `pointReach` — a node,
    /// or an addressed outline (as near as its wall; no distance at all from
    /// within it, where rule 2 took a smaller one that names no street) —
    /// with no named street between it and the position. With `inside`,
    /// only the nodes within that outline, within `pointReachInBuilding`.
    func nearestAddressPoint(to p: LonLat, _ work: inout AddressWork, inside outline: BandedPolygon? = nil) -> Int? {
        let frame = PlanarFrame(p)
        let reach = outline == nil ? Self.pointReach : Self.pointReachInBuilding
        let span = frame.degrees(reach)
        var best: (index: Int, distance: Double, x: Double, y: Double)?
        pointGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let index = Int(item)
            let point = sources.points[index]
            guard point.namesStreet, work.allows(point.id) else { return }
            if let outline, !point.outline.isEmpty || !outline.contains(point.position) { return }
            let nearest: (distance: Double, x: Double, y: Double)
            if point.outline.isEmpty {
                nearest = Self.distance(to: frame.point(point.position))
            } else if outlines[index]?.contains(p) == true {
                nearest = (0, 0, 0)
            } else {
                nearest = Self.nearest(on: point.outline, frame)
            }
            guard nearest.distance <= reach, Self.better(nearest.distance, index, than: best.map { ($0.distance, $0.index) })
            else { return }
            best = (index, nearest.distance, nearest.x, nearest.y)
        }
        guard let best else { return nil }
        return streetBetween(p, frame.position(x: best.x, y: best.y), frame) ? nil : best.index
    }

    static func distance(to q: (x: Double, y: Double)) -> (distance: Double, x: Double, y: Double) {
        ((q.x * q.x + q.y * q.y).squareRoot(), q.x, q.y)
    }

    /// The point of an outline's rings nearest the frame's origin.
    static func nearest(on outline: [Polygon], _ frame: PlanarFrame) -> (distance: Double, x: Double, y: Double) {
        var best = (distance: Double.infinity, x: 0.0, y: 0.0)
        for ring in outline.joined() {
            for (a, b) in zip(ring, ring.dropFirst()) {
                let nearest = PlanarFrame.nearest(onSegment: frame.point(a), frame.point(b))
                if nearest.distance < best.distance { best = nearest }
            }
        }
        return best
    }

    /// Whether a named street crosses the line from `a` to `b`: a number
    /// across the street belongs to the other side.
    func streetBetween(_ a: LonLat, _ b: LonLat, _ frame: PlanarFrame) -> Bool {
        let span = frame.degrees(Self.pointReach)
        let (pa, pb) = (frame.point(a), frame.point(b))
        var crossed = false
        streetGrid.items(around: a, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            guard !crossed else { return }
            let segment = segments[Int(item)]
            crossed = PlanarFrame.crosses(pa, pb, frame.point(segment.a), frame.point(segment.b))
        }
        return crossed
    }

    /// The square the position lies on, else the street whose distance,
    /// weighed by its kind (a footpath's counts three times), is least.
    func nearestStreet(to p: LonLat, within reach: Double, _ work: inout AddressWork) -> (Int, LonLat)? {
        var square: (index: Int, area: Double)?
        squareGrid.items(around: p, latitudeDegrees: 0, longitudeDegrees: 0) { item in
            let index = Int(item)
            guard let shape = squares[index], shape.contains(p), work.allows(sources.streets[index].id) else { return }
            if Self.better(shape.box.area, index, than: square.map { ($0.area, $0.index) }) { square = (index, shape.box.area) }
        }
        if let square { return (square.index, p) }
        let frame = PlanarFrame(p)
        let span = frame.degrees(reach)
        var best: (segment: Int, score: Double, x: Double, y: Double)?
        streetGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let segment = segments[Int(item)]
            let nearest = PlanarFrame.nearest(onSegment: frame.point(segment.a), frame.point(segment.b))
            let street = sources.streets[Int(segment.street)]
            let score = nearest.distance * street.kind.weight
            guard nearest.distance <= reach, Self.better(score, Int(item), than: best.map { ($0.score, $0.segment) }),
                work.allows(street.id)
            else { return }
            best = (Int(item), score, nearest.x, nearest.y)
        }
        guard let best else { return nil }
        return (Int(segments[best.segment].street), frame.position(x: best.x, y: best.y))
    }
}
