/// Reduces an image to at most 256 colours for an 8-bit palette PNG
/// (Google's `format=png8`). An image with 256 colours or fewer keeps them
/// exactly. Otherwise median cut: the image's colours, weighted by how many
/// pixels have each, are split into 256 boxes, each time cutting the box
/// with the most weighted spread at the weighted median of its widest
/// channel; a box's colour is its weighted mean, and every pixel takes the
/// nearest palette colour. No dithering: a map's flat fills and thin lines
/// stay clean, where dither would speckle them.
struct PaletteQuantizer {
    /// RGB triples, then the alphas of the entries (empty when all are opaque).
    private(set) var palette: [UInt8] = []
    private(set) var alphas: [UInt8] = []
    /// Filter byte 0 and one palette index per pixel, row by row.
    private(set) var indexedLines: [UInt8] = []

    init(_ scanlines: PNGScanlines, width: Int, height: Int, channels: Int) {
        let histogram = Self.histogram(scanlines, width: width, height: height, channels: channels)
        let colours = histogram.keys.sorted()   // sorted: the same image always gives the same palette
        let entries: [UInt32]
        if colours.count <= 256 {
            entries = colours
        } else {
            entries = MedianCut(colours: colours.map { ($0, histogram[$0]!) }).palette(size: 256)
        }
        var slot: [UInt32: UInt8] = [:]
        slot.reserveCapacity(colours.count)
        for colour in colours {
            slot[colour] = UInt8(Self.nearest(colour, in: entries))
        }
        for entry in entries {
            palette += [UInt8(truncatingIfNeeded: entry >> 24), UInt8(truncatingIfNeeded: entry >> 16), UInt8(truncatingIfNeeded: entry >> 8)]
        }
        if entries.contains(where: { $0 & 0xFF != 0xFF }) {
            alphas = entries.map { UInt8(truncatingIfNeeded: $0) }
        }
        var lines = [UInt8](repeating: 0, count: max((width + 1) * height, 1))
        var last: (colour: UInt32, index: UInt8)?
        Self.forEachPixel(scanlines, width: width, height: height, channels: channels) { offset, colour in
            if colour != last?.colour { last = (colour, slot[colour]!) }
            lines[offset.row * (width + 1) + 1 + offset.column] = last!.index
        }
        indexedLines = lines
    }

    /// Pixels per colour, as 0xRRGGBBAA. Runs of one colour, common on maps,
    /// touch the dictionary once.
    private static func histogram(_ scanlines: PNGScanlines, width: Int, height: Int, channels: Int) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        var run: (colour: UInt32, length: Int)?
        forEachPixel(scanlines, width: width, height: height, channels: channels) { _, colour in
            if let current = run, current.colour == colour {
                run!.length += 1
            } else {
                if let current = run { counts[current.colour, default: 0] += current.length }
                run = (colour, 1)
            }
        }
        if let current = run { counts[current.colour, default: 0] += current.length }
        return counts
    }

    private static func forEachPixel(_ scanlines: PNGScanlines, width: Int, height: Int, channels: Int,
                                     _ body: ((row: Int, column: Int), UInt32) -> Void) {
        scanlines.bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<height {
                var o = row * scanlines.lineBytes + 1
                for column in 0..<width {
                    let alpha = channels == 4 ? UInt32(bytes[o + 3]) : 0xFF
                    body((row, column), UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | alpha)
                    o += channels
                }
            }
        }
    }

    private static func nearest(_ colour: UInt32, in entries: [UInt32]) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, entry) in entries.enumerated() {
            func difference(_ shift: UInt32) -> Int {
                let d = Int((colour >> shift) & 0xFF) - Int((entry >> shift) & 0xFF)
                return d * d
            }
            let distance = difference(24) + difference(16) + difference(8) + difference(0)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
            if distance == 0 { break }
        }
        return best
    }
}

/// Median cut over weighted 0xRRGGBBAA colours.
private struct MedianCut {
    struct Box {
        var colours: ArraySlice<(colour: UInt32, count: Int)>
        /// The widest channel's shift and its spread weighted by the box's pixels.
        var widest: (shift: UInt32, priority: Int)

        init(_ colours: ArraySlice<(colour: UInt32, count: Int)>) {
            self.colours = colours
            var best: (shift: UInt32, priority: Int) = (24, -1)
            let pixels = colours.reduce(0) { $0 + $1.count }
            for shift: UInt32 in [24, 16, 8, 0] {
                let values = colours.map { Int(($0.colour >> shift) & 0xFF) }
                let spread = (values.max() ?? 0) - (values.min() ?? 0)
                if spread * pixels > best.priority { best = (shift, spread * pixels) }
            }
            widest = colours.count > 1 ? best : (24, 0)
        }

        var mean: UInt32 {
            let pixels = colours.reduce(0) { $0 + $1.count }
            var entry: UInt32 = 0
            for shift: UInt32 in [24, 16, 8, 0] {
                let sum = colours.reduce(0) { $0 + Int(($1.colour >> shift) & 0xFF) * $1.count }
                entry |= UInt32((sum + pixels / 2) / max(pixels, 1)) << shift
            }
            return entry
        }
    }

    let colours: [(colour: UInt32, count: Int)]

    func palette(size: Int) -> [UInt32] {
        var boxes = [Box(colours[...])]
        while boxes.count < size {
            guard let index = boxes.indices.max(by: { boxes[$0].widest.priority < boxes[$1].widest.priority }),
                  boxes[index].widest.priority > 0 else { break }
            let box = boxes[index]
            let shift = box.widest.shift
            let sorted = box.colours.sorted { (($0.colour >> shift) & 0xFF, $0.colour) < (($1.colour >> shift) & 0xFF, $1.colour) }
            let half = sorted.reduce(0) { $0 + $1.count } / 2
            var seen = 0, cut = 1
            for (offset, colour) in sorted.enumerated() {
                seen += colour.count
                if seen >= half { cut = min(max(offset + 1, 1), sorted.count - 1); break }
            }
            boxes[index] = Box(sorted[..<cut])
            boxes.append(Box(sorted[cut...]))
        }
        return boxes.map(\.mean)
    }
}
