/// Where the basemap's names must not be drawn on one zoom's tiles: the
/// boxes, in world pixels, that a map's pins, clusters, the person's dot and
/// names' bubbles cover. A name that overlaps one is left out of every tile
/// it crosses (`BasemapTileRenderer.renderTile(_:clearOf:)`), since names are
/// placed once per zoom, whole; the ground under it is drawn instead.
public struct LabelClearance: Sendable, Hashable {
    let boxes: [CollisionGrid.Box]

    public static let none = LabelClearance(boxes: [])

    init(boxes: [CollisionGrid.Box]) {
        self.boxes = boxes.filter { $0.minX < $0.maxX && $0.minY < $0.maxY }
    }

    /// Boxes given as their west, north, east and south edges in world pixels.
    public init(edges: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]) {
        self.init(boxes: edges.map { CollisionGrid.Box(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) })
    }

    public var isEmpty: Bool { boxes.isEmpty }

    /// What the boxes weigh in memory, for a cache's budget.
    public var byteCount: Int { boxes.count * MemoryLayout<CollisionGrid.Box>.stride }

    /// Whether any piece of `label` overlaps one of the boxes.
    func covers(_ label: PlacedLabel) -> Bool {
        label.bounds.overlapsAny(of: boxes) && label.boxes.contains { $0.overlapsAny(of: boxes) }
    }
}

extension CollisionGrid.Box {
    func overlapsAny(of others: [CollisionGrid.Box]) -> Bool {
        others.contains(where: overlaps)
    }
}
