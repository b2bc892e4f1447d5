import Foundation

/// Places the extract's names on one zoom's world, most important first,
/// each where it collides with nothing placed before it; a name that finds
/// no free spot is left out at that zoom.
///
/// - Place names (`place=*`) by rank, centred on their point.
/// - Street names along their line, the letters following its curve (bends
///   over 28° between letters, or 60° over the name, are refused), never
///   upside down (no letter leans more than 10° past vertical), about once
///   per 256 pixels of street and never twice within 200 pixels; streets of
///   one name that meet end to end are read as one line.
/// - Water and park names inside their area, where the area is wide enough
///   for the name and the name's spot lies inside it.
struct LabelPlacement {
    let zoom: Int
    private(set) var labels: [PlacedLabel] = []
    private var grid = CollisionGrid()
    private let metrics = GlyphMetrics()
    private var placedNames: [String: [(x: Double, y: Double)]] = [:]

    static let repeatDistance = 256.0
    static let sameNameDistance = 200.0
    static let maximumBend = 28 * Double.pi / 180
    /// cos of 100°: a letter may lean 10° past vertical, no further.
    static let steepestLean = cos(100 * Double.pi / 180)
    /// The most a name may turn from its first letter to its last.
    static let maximumTurn = 60 * Double.pi / 180

    init(zoom: Int, sources: [BasemapLabelSource]) {
        self.zoom = zoom
        let scale = 256 * pow2(Double(zoom)) / (2 * MercatorPoint.halfWorld)
        func pixels(_ points: [MercatorPoint]) -> [PixelPoint] {
            points.map { PixelPoint(x: ($0.x + MercatorPoint.halfWorld) * scale, y: (MercatorPoint.halfWorld - $0.y) * scale) }
        }
        var places: [(PlaceRank, BasemapLabelSource)] = []
        var streets: [(RoadClass, String, [MercatorPoint])] = []
        var areas: [(Double, BasemapLabelSource)] = []
        for source in sources {
            switch source.kind {
            case .place(let rank) where zoom >= rank.minimumZoom: places.append((rank, source))
            case .street(let road) where road.labelZoom.map({ zoom >= $0 }) ?? false: streets.append((road, source.name, source.points))
            case .water, .park: areas.append((Self.area(source.points), source))
            default: break
            }
        }
        for (rank, source) in places.sorted(by: { ($0.0, $0.1.name) < ($1.0, $1.1.name) }) {
            if let point = pixels(source.points).first { placeStraight(source.name, at: point, style: .place(rank)) }
        }
        let chains = Self.chains(streets).sorted { a, b in
            (a.road, a.length, a.name) > (b.road, b.length, b.name)
        }
        for chain in chains { placeAlong(chain.name, pixels(chain.points), style: .street(zoom: zoom)) }
        for (_, source) in areas.sorted(by: { ($0.0, $0.1.name) > ($1.0, $1.1.name) }) {
            placeInside(source.name, pixels(source.points), style: source.kind == .water ? .water : .park)
        }
    }

    // MARK: Straight names

    private mutating func placeStraight(_ name: String, at centre: PixelPoint, style: LabelStyle) {
        let ink = metrics.inkBox(name, style)
        let origin = PixelPoint(x: centre.x - ink.x - ink.width / 2, y: centre.y - ink.y - ink.height / 2)
        let box = CollisionGrid.Box(
            minX: centre.x - ink.width / 2 - style.halo - 2, minY: centre.y - ink.height / 2 - style.halo - 2,
            maxX: centre.x + ink.width / 2 + style.halo + 2, maxY: centre.y + ink.height / 2 + style.halo + 2)
        guard grid.isFree([box]) else { return }
        grid.insert([box])
        labels.append(PlacedLabel(name: name, style: style, pieces: [.init(text: name, x: origin.x, y: origin.y, angle: 0)], boxes: [box]))
    }

    private mutating func placeInside(_ name: String, _ ring: [PixelPoint], style: LabelStyle) {
        guard ring.count >= 3 else { return }
        let xs = ring.map(\.x), ys = ring.map(\.y)
        let width = (xs.max() ?? 0) - (xs.min() ?? 0), height = (ys.max() ?? 0) - (ys.min() ?? 0)
        let ink = metrics.inkBox(name, style)
        // Wide enough for the name with room to spare, and tall enough for three lines of it.
        guard width >= ink.width * 1.25, height >= style.size * 3, let centre = Self.centroid(ring),
            Self.contains(ring, centre)
        else { return }
        placeStraight(name, at: centre, style: style)
    }

    // MARK: Names along streets

    private mutating func placeAlong(_ name: String, _ line: [PixelPoint], style: LabelStyle) {
        let path = Polyline(line)
        let characters = name.map(String.init)
        let advances = characters.map { metrics.advance($0, style) }
        let textLength = advances.reduce(0, +)
        guard textLength > 0, path.length >= textLength + 2 * style.size else { return }
        let count = max(1, Int(path.length / Self.repeatDistance))
        for slot in 0..<count {
            let middle = (Double(slot) + 0.5) * path.length / Double(count)
            guard let pieces = lay(characters, advances: advances, on: path, middle: middle, style: style) else { continue }
            let centre = path.point(at: middle)
            if placedNames[name, default: []].contains(where: { hypot($0.x - centre.x, $0.y - centre.y) < Self.sameNameDistance }) {
                continue
            }
            let reach = style.size / 2 + style.halo + 1
            let boxes = pieces.map { piece in
                CollisionGrid.Box(
                    minX: piece.centre.x - reach, minY: piece.centre.y - reach, maxX: piece.centre.x + reach, maxY: piece.centre.y + reach)
            }
            guard grid.isFree(boxes) else { continue }
            grid.insert(boxes)
            placedNames[name, default: []].append((centre.x, centre.y))
            labels.append(PlacedLabel(name: name, style: style, pieces: pieces.map(\.piece), boxes: boxes))
        }
    }

    /// The characters laid along `path` centred on `middle`, reading left
    /// to right; nil where the street bends too sharply.
    private func lay(
        _ characters: [String], advances: [Double], on path: Polyline, middle: Double,
        style: LabelStyle
    ) -> [(piece: PlacedLabel.Piece, centre: PixelPoint)]? {
        let total = advances.reduce(0, +)
        var start = middle - total / 2
        guard start >= style.size / 2, start + total <= path.length - style.size / 2 else { return nil }
        // Read left to right: run backwards along a line drawn right to left.
        let first = path.point(at: start), last = path.point(at: start + total)
        let backwards = last.x < first.x
        var laid: [(piece: PlacedLabel.Piece, centre: PixelPoint)] = []
        var previousAngle: Double?
        for (character, advance) in zip(characters, advances) {
            let centreDistance = start + advance / 2
            // Backwards, the first letter goes where the line ends, mirrored about the middle.
            let along = backwards ? 2 * middle - centreDistance : centreDistance
            let a = path.point(at: along - advance / 2), b = path.point(at: along + advance / 2)
            var angle = atan2(b.y - a.y, b.x - a.x)
            if backwards { angle += .pi }
            if let previousAngle {
                let bend = abs(remainder(angle - previousAngle, 2 * .pi))
                if bend > Self.maximumBend { return nil }
            }
            previousAngle = angle
            // Each letter reads left to right, leaning at most a little past vertical.
            if cos(angle) < Self.steepestLean { return nil }
            let centre = path.point(at: along)
            // The baseline sits below the line's centre by a third of the size, so the letters straddle the line.
            let (cosine, sine) = (cos(angle), sin(angle))
            let dx = -advance / 2, dy = style.size * 0.35
            let origin = PixelPoint(x: centre.x + dx * cosine - dy * sine, y: centre.y + dx * sine + dy * cosine)
            laid.append((PlacedLabel.Piece(text: character, x: origin.x, y: origin.y, angle: angle), centre))
            start += advance
        }
        let angles = laid.map(\.piece.angle)
        guard let first = angles.first, angles.allSatisfy({ abs(remainder($0 - first, 2 * .pi)) <= Self.maximumTurn }) else { return nil }
        return laid
    }

    // MARK: Geometry

    /// Lines of one name and class joined where one ends where another starts.
    static func chains(_ streets: [(RoadClass, String, [MercatorPoint])]) -> [(
        road: RoadClass, name: String, points: [MercatorPoint], length: Double
    )] {
        var result: [(road: RoadClass, name: String, points: [MercatorPoint], length: Double)] = []
        let groups = Dictionary(grouping: streets.indices) { "\(streets[$0].0.rawValue) \(streets[$0].1)" }
        for key in groups.keys.sorted() {
            var lines = groups[key]!.map { streets[$0].2 }.filter { $0.count >= 2 }
            let (road, name) = (streets[groups[key]![0]].0, streets[groups[key]![0]].1)
            while var chain = lines.popLast() {
                var joined = true
                while joined {
                    joined = false
                    for index in lines.indices.reversed() {
                        let line = lines[index]
                        if line.first == chain.last {
                            chain += line.dropFirst()
                        } else if line.last == chain.last {
                            chain += line.reversed().dropFirst()
                        } else if line.last == chain.first {
                            chain = line + chain.dropFirst()
                        } else if line.first == chain.first {
                            chain = Array(line.reversed()) + chain.dropFirst()
                        } else {
                            continue
                        }
                        lines.remove(at: index)
                        joined = true
                    }
                }
                result.append((road, name, chain, Polyline.length(chain.map { PixelPoint(x: $0.x, y: $0.y) })))
            }
        }
        return result
    }

    static func area(_ ring: [MercatorPoint]) -> Double {
        abs(zip(ring, ring.dropFirst() + ring.prefix(1)).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
    }

    static func centroid(_ ring: [PixelPoint]) -> PixelPoint? {
        var cx = 0.0, cy = 0.0, twiceArea = 0.0
        for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) {
            let cross = a.x * b.y - b.x * a.y
            twiceArea += cross
            cx += (a.x + b.x) * cross
            cy += (a.y + b.y) * cross
        }
        guard abs(twiceArea) > 1e-9 else { return nil }
        return PixelPoint(x: cx / (3 * twiceArea), y: cy / (3 * twiceArea))
    }

    /// Even–odd point in polygon.
    static func contains(_ ring: [PixelPoint], _ point: PixelPoint) -> Bool {
        var inside = false
        for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) where (a.y > point.y) != (b.y > point.y) {
            if point.x < a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
        }
        return inside
    }
}

/// A line in pixels, walked by distance along it.
struct Polyline {
    let points: [PixelPoint]
    /// Distance from the start to each point.
    let distances: [Double]

    init(_ points: [PixelPoint]) {
        self.points = points
        var distances = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { distances.append(distances.last! + hypot(b.x - a.x, b.y - a.y)) }
        self.distances = distances
    }

    var length: Double { distances.last ?? 0 }

    static func length(_ points: [PixelPoint]) -> Double { Polyline(points).length }

    /// The point `distance` along the line, clamped to its ends.
    func point(at distance: Double) -> PixelPoint {
        guard points.count > 1 else { return points.first ?? PixelPoint(x: 0, y: 0) }
        let d = min(max(distance, 0), length)
        // The segment holding d: the last start at or before it.
        var low = 0, high = distances.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if distances[mid] <= d { low = mid } else { high = mid }
        }
        let a = points[low], b = points[high]
        let span = distances[high] - distances[low]
        let t = span > 0 ? (d - distances[low]) / span : 0
        return PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
