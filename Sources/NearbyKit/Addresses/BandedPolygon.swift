/// A polygon (every ring of every part) ready for "is this point inside":
/// its edges filed by horizontal bands, so that a ray cast from a point
/// meets only the edges of its band, not all of a country's thousands.
/// Even-odd: holes, and the gaps between a multipolygon's parts, are out.
struct BandedPolygon: Sendable {
    private struct Edge {
        var x0, y0, x1, y1: Double
    }

    let box: BoundingBox
    private let edges: [Edge]
    private let bandStarts: [Int32]
    private let bandEdges: [Int32]
    private let bandHeight: Double

    init?(_ polygons: [Polygon]) {
        var edges: [Edge] = []
        for ring in polygons.joined() where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for point in ring {
                if previous.latitude != point.latitude {
                    edges.append(Edge(x0: previous.longitude, y0: previous.latitude, x1: point.longitude, y1: point.latitude))
                }
                previous = point
            }
        }
        guard !edges.isEmpty, let box = BoundingBox(polygons.joined().joined()) else { return nil }
        self.box = box
        self.edges = edges
        let bands = max(1, min(4096, edges.count / 8))
        bandHeight = max((box.maxLatitude - box.minLatitude) / Double(bands), 1e-12)
        var members = [[Int32]](repeating: [], count: bands)
        for (index, edge) in edges.enumerated() {
            let (low, high) = (min(edge.y0, edge.y1), max(edge.y0, edge.y1))
            for band in Self.band(low, box, bandHeight, bands)...Self.band(high, box, bandHeight, bands) {
                members[band].append(Int32(index))
            }
        }
        var starts: [Int32] = [0]
        starts.reserveCapacity(bands + 1)
        for band in members { starts.append(starts[starts.count - 1] + Int32(band.count)) }
        bandStarts = starts
        bandEdges = Array(members.joined())
    }

    private static func band(_ y: Double, _ box: BoundingBox, _ height: Double, _ count: Int) -> Int {
        max(0, min(count - 1, Int((y - box.minLatitude) / height)))
    }

    func contains(_ p: LonLat) -> Bool {
        guard box.contains(p) else { return false }
        let band = Self.band(p.latitude, box, bandHeight, bandStarts.count - 1)
        var inside = false
        for slot in Int(bandStarts[band])..<Int(bandStarts[band + 1]) {
            let e = edges[Int(bandEdges[slot])]
            if Self.isOn(e, p) { return true }
            if (e.y0 > p.latitude) != (e.y1 > p.latitude),
                p.longitude < (e.x1 - e.x0) * (p.latitude - e.y0) / (e.y1 - e.y0) + e.x0
            {
                inside.toggle()
            }
        }
        return inside
    }

    /// A point on the outline (a street's vertex shared with a boundary) is
    /// inside, as PostGIS's `ST_Covers` has it: every store names the same
    /// district there. (On a horizontal edge's inside it is not: those edges cast no ray.)
    private static func isOn(_ e: Edge, _ p: LonLat) -> Bool {
        guard min(e.y0, e.y1) <= p.latitude, p.latitude <= max(e.y0, e.y1), min(e.x0, e.x1) <= p.longitude,
            p.longitude <= max(e.x0, e.x1)
        else { return false }
        return (e.x1 - e.x0) * (p.latitude - e.y0) == (e.y1 - e.y0) * (p.longitude - e.x0)
    }
}
