/// Items filed by the cells of a longitude/latitude grid that their
/// bounding boxes touch, for "what is near here" without a tree. Cells
/// wrap at the antimeridian. An item whose box would take more than
/// `maxCells` cells is kept apart and given for every position: memory
/// stays in proportion to the items, whatever boxes a store file holds.
struct CellGrid: Sendable {
    let cellDegrees: Double
    private let columns: Int64
    private let maxCells: Int64
    private var cells: [Int64: [Int32]] = [:]
    private var everywhere: [Int32] = []

    init(cellDegrees: Double, maxCells: Int64 = 4096) {
        self.cellDegrees = cellDegrees
        self.maxCells = maxCells
        columns = Int64((360 / cellDegrees).rounded(.up))
    }

    /// Files `item` under every cell its box touches, or with the items
    /// given everywhere when that would be more than `maxCells`.
    mutating func insert(_ item: Int32, box: BoundingBox) {
        let (x0, x1, y0, y1) = (column(box.minLongitude), column(box.maxLongitude), row(box.minLatitude), row(box.maxLatitude))
        // A box a store file got wrong (corners swapped) touches no cell.
        guard x0 <= x1, y0 <= y1 else { return }
        let width = box.maxLongitude - box.minLongitude > 180 ? columns : min(columns, x1 - x0 + 1)
        guard width * (y1 - y0 + 1) <= maxCells else {
            everywhere.append(item)
            return
        }
        for y in y0...y1 {
            for i in 0..<width { cells[key(x0 + i, y), default: []].append(item) }
        }
    }

    /// Files a line segment under the cells it crosses, piece by piece: a
    /// long diagonal one (a road across a desert) takes the cells along
    /// it, not every cell of its box.
    mutating func insert(_ item: Int32, from a: LonLat, to b: LonLat) {
        let (dx, dy) = (b.longitude - a.longitude, b.latitude - a.latitude)
        let pieces = (max(abs(dx), abs(dy)) / cellDegrees).rounded(.up)
        // Across the antimeridian a box is the whole circle: filed as one.
        guard abs(dx) <= 180, pieces > 1 else {
            insert(item, box: BoundingBox([a, b])!)
            return
        }
        var start = a
        for piece in 1...Int(pieces) {
            let t = Double(piece) / pieces
            let end = piece == Int(pieces) ? b : LonLat(a.longitude + dx * t, a.latitude + dy * t)
            insert(item, box: BoundingBox([start, end])!)
            start = end
        }
    }

    /// Every item filed in the cells that the box around `centre` touches
    /// (an item can come more than once).
    func items(around centre: LonLat, latitudeDegrees: Double, longitudeDegrees: Double, _ body: (Int32) -> Void) {
        let (y0, y1) = (row(centre.latitude - latitudeDegrees), row(centre.latitude + latitudeDegrees))
        let (x0, x1) = (column(centre.longitude - longitudeDegrees), column(centre.longitude + longitudeDegrees))
        let width = min(columns, x1 - x0 + 1)
        for item in everywhere { body(item) }
        guard width > 0, y0 <= y1 else { return }
        for y in y0...y1 {
            for i in 0..<width {
                guard let filed = cells[key(x0 + i, y)] else { continue }
                for item in filed { body(item) }
            }
        }
    }

    // Clamped, so that any number a store file holds (1e300, infinity, NaN) is a cell: a
    // longitude a little past ±180 (a box around a point near the antimeridian) wraps, beyond that it only repeats.
    private func column(_ longitude: Double) -> Int64 { Int64((max(-540, min(540, longitude)) / cellDegrees).rounded(.down)) }
    private func row(_ latitude: Double) -> Int64 { Int64((max(-90, min(90, latitude)) / cellDegrees).rounded(.down)) }

    private func key(_ x: Int64, _ y: Int64) -> Int64 {
        let wrapped = ((x % columns) + columns) % columns
        return y &* columns &+ wrapped
    }
}

/// A longitude/latitude box; one that crosses the antimeridian spans more
/// than 180° of longitude and is treated as the whole circle.
public struct BoundingBox: Hashable, Sendable {
    public var minLongitude, minLatitude, maxLongitude, maxLatitude: Double

    public init(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) {
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    public init?<S: Sequence>(_ points: S) where S.Element == LonLat {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        self.init(minLongitude: first.longitude, minLatitude: first.latitude, maxLongitude: first.longitude, maxLatitude: first.latitude)
        while let p = iterator.next() {
            minLongitude = min(minLongitude, p.longitude)
            maxLongitude = max(maxLongitude, p.longitude)
            minLatitude = min(minLatitude, p.latitude)
            maxLatitude = max(maxLatitude, p.latitude)
        }
    }

    public func contains(_ p: LonLat) -> Bool {
        p.latitude >= minLatitude && p.latitude <= maxLatitude
            && (maxLongitude - minLongitude > 180 || (p.longitude >= minLongitude && p.longitude <= maxLongitude))
    }

    /// The box with every point within `metres` of it (every longitude when that crosses the antimeridian).
    public func expanded(by metres: Double) -> BoundingBox {
        var grown = self
        for (longitude, latitude) in [
            (minLongitude, minLatitude), (minLongitude, maxLatitude), (maxLongitude, minLatitude), (maxLongitude, maxLatitude),
        ] {
            guard let corner = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
            let boxes = CircleBounds(center: corner, radius: metres).boxes
            for box in boxes {
                grown.minLongitude = min(grown.minLongitude, boxes.count > 1 ? -180 : box.minLongitude)
                grown.maxLongitude = max(grown.maxLongitude, boxes.count > 1 ? 180 : box.maxLongitude)
                grown.minLatitude = min(grown.minLatitude, box.minLatitude)
                grown.maxLatitude = max(grown.maxLatitude, box.maxLatitude)
            }
        }
        return grown
    }

    public var centre: LonLat { LonLat((minLongitude + maxLongitude) / 2, (minLatitude + maxLatitude) / 2) }

    public var area: Double { (maxLongitude - minLongitude) * (maxLatitude - minLatitude) }
}
