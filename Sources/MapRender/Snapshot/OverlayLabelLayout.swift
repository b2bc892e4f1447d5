/// Where the selected places' name bubbles go. Each tries, in turn, above its
/// pin, above and slid along, to the right, to the left, and below; it takes
/// the first spot that is wholly on the image, clear of the bottom strip
/// (the credit and the scale bar), and clear of every pin, cluster, the
/// user's dot and the bubbles already placed. A bubble with no such spot is
/// dropped and counted: a label over a pin would hide the thing it names.
struct OverlayLabelLayout {
    typealias Box = CollisionGrid.Box

    struct Request {
        /// The pin the label names: its tip, head radius and full height.
        var tip: PixelPoint
        var headRadius: Double
        var pinHeight: Double
        /// The bubble's size in pixels.
        var width: Double
        var height: Double
    }

    let imageWidth: Double
    let imageHeight: Double
    /// Pixels per point.
    let scale: Double

    private var taken = CollisionGrid()

    init(imageWidth: Double, imageHeight: Double, scale: Double, obstacles: [Box]) {
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.scale = scale
        taken.insert(obstacles)
    }

    /// The pin's own shape, from its head's top to its tip.
    static func pinBox(tip: PixelPoint, headRadius: Double, height: Double) -> Box {
        Box(minX: tip.x - headRadius, minY: tip.y - height, maxX: tip.x + headRadius, maxY: tip.y)
    }

    static func disc(centre: PixelPoint, radius: Double) -> Box {
        Box(minX: centre.x - radius, minY: centre.y - radius, maxX: centre.x + radius, maxY: centre.y + radius)
    }

    /// The box the bubble takes, or nil if it has nowhere to go; a placed
    /// bubble then blocks later ones.
    mutating func place(_ label: Request) -> Box? {
        guard let box = candidates(label).first(where: { fits($0) && taken.isFree([$0]) }) else { return nil }
        taken.insert([box])
        return box
    }

    private var margin: Double { 2 * scale }

    private func fits(_ box: Box) -> Bool {
        box.minX >= margin && box.minY >= margin && box.maxX <= imageWidth - margin
            && box.maxY <= imageHeight - LabelPainter.attributionHeight * scale
    }

    private func candidates(_ label: Request) -> [Box] {
        let gap = 4 * scale, tip = label.tip, w = label.width, h = label.height
        let headCentre = tip.y - label.headRadius * PinPainter.stemLength
        func box(left: Double, top: Double) -> Box { Box(minX: left, minY: top, maxX: left + w, maxY: top + h) }
        let aboveTop = tip.y - label.pinHeight - gap - h
        // Slid as far as the image needs, but still over the pin's head.
        let slidLeft = min(max(tip.x - w / 2, margin), imageWidth - margin - w)
        let overHead = min(max(slidLeft, tip.x - w + label.headRadius), tip.x - label.headRadius)
        return [
            box(left: tip.x - w / 2, top: aboveTop),
            box(left: overHead, top: aboveTop),
            box(left: tip.x + label.headRadius + gap, top: headCentre - h / 2),
            box(left: tip.x - label.headRadius - gap - w, top: headCentre - h / 2),
            box(left: tip.x - w / 2, top: tip.y + gap),
            box(left: overHead, top: tip.y + gap),
        ]
    }
}
