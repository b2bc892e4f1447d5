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
        var table = ColourTable(expected: 1 << 14)
        Self.forEachRun(scanlines, width: width, height: height, channels: channels) { colour, _, length in
            table.add(colour, count: length)
        }
        let counted = table.entries.sorted { $0.colour < $1.colour }  // sorted: the same image always gives the same palette
        let entries: [UInt32]
        if counted.count <= 256 {
            entries = counted.map(\.colour)
        } else {
            entries = MedianCut(colours: counted).palette(size: 256)
        }
        let nearest = NearestColour(entries)
        for entry in counted {
            table.setIndex(UInt8(nearest.index(of: entry.colour)), at: table.slot(of: entry.colour))
        }
        for entry in entries {
            palette += [
                UInt8(truncatingIfNeeded: entry >> 24), UInt8(truncatingIfNeeded: entry >> 16), UInt8(truncatingIfNeeded: entry >> 8),
            ]
        }
        if entries.contains(where: { $0 & 0xFF != 0xFF }) {
            alphas = entries.map { UInt8(truncatingIfNeeded: $0) }
        }
        var lines = [UInt8](repeating: 0, count: max((width + 1) * height, 1))
        lines.withUnsafeMutableBufferPointer { lines in
            Self.forEachRun(scanlines, width: width, height: height, channels: channels) { colour, start, length in
                let index = table.index(at: table.slot(of: colour))
                let row = start.row * (width + 1) + 1
                for column in start.column..<start.column + length { lines[row + column] = index }
            }
        }
        indexedLines = lines
    }

    /// Each run of one colour along a row, as 0xRRGGBBAA, with where it
    /// starts and how long it is: maps are mostly such runs, so the work per
    /// run, not per pixel, is what counts.
    private static func forEachRun(
        _ scanlines: PNGScanlines, width: Int, height: Int, channels: Int,
        _ body: (UInt32, (row: Int, column: Int), Int) -> Void
    ) {
        scanlines.bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<height {
                var o = row * scanlines.lineBytes + 1
                var runColour: UInt32 = 0, runStart = 0
                for column in 0..<width {
                    let alpha = channels == 4 ? UInt32(bytes[o + 3]) : 0xFF
                    let colour = UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | alpha
                    o += channels
                    if column == 0 {
                        runColour = colour
                    } else if colour != runColour {
                        body(runColour, (row, runStart), column - runStart)
                        (runColour, runStart) = (colour, column)
                    }
                }
                if width > 0 { body(runColour, (row, runStart), width - runStart) }
            }
        }
    }
}

/// Pixels per colour, then each colour's palette index: an open-addressed
/// table keyed by the colour itself, which a map's tens of thousands of
/// colours fill far faster than a Dictionary and its seeded hashing.
private struct ColourTable {
    private var keys: [UInt32]
    private var counts: [Int]
    private var indices: [UInt8]
    private var used: [Bool]
    private var filled = 0

    init(expected: Int) {
        var capacity = 1
        while capacity < expected * 2 { capacity <<= 1 }
        keys = [UInt32](repeating: 0, count: capacity)
        counts = [Int](repeating: 0, count: capacity)
        indices = [UInt8](repeating: 0, count: capacity)
        used = [Bool](repeating: false, count: capacity)
    }

    /// The slot holding `colour`, or the empty one where it would go.
    func slot(of colour: UInt32) -> Int {
        let mask = keys.count - 1
        // Fibonacci hashing: the high bits of the product are well mixed.
        var slot = Int(truncatingIfNeeded: (UInt64(colour) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while used[slot], keys[slot] != colour { slot = (slot + 1) & mask }
        return slot
    }

    mutating func add(_ colour: UInt32, count: Int) {
        let found = slot(of: colour)
        if used[found] {
            counts[found] += count
            return
        }
        (keys[found], counts[found], used[found]) = (colour, count, true)
        filled += 1
        if filled * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let old = entries
        self = ColourTable(expected: keys.count)
        for entry in old { add(entry.colour, count: entry.count) }
    }

    var entries: [(colour: UInt32, count: Int)] {
        keys.indices.compactMap { used[$0] ? (keys[$0], counts[$0]) : nil }
    }

    mutating func setIndex(_ index: UInt8, at slot: Int) { indices[slot] = index }
    func index(at slot: Int) -> UInt8 { indices[slot] }
}

/// The palette entry nearest a colour (squared RGBA distance, the lowest
/// index among equals), found exactly but without trying all 256: entries
/// sorted by red are searched outwards from the colour's red, and the
/// search stops once the red difference alone is no better.
private struct NearestColour {
    private let sorted: [(colour: UInt32, index: Int)]
    private let reds: [Int]

    init(_ entries: [UInt32]) {
        sorted = entries.enumerated().map { ($0.element, $0.offset) }.sorted { ($0.colour >> 24, $0.index) < ($1.colour >> 24, $1.index) }
        reds = sorted.map { Int($0.colour >> 24) }
    }

    func index(of colour: UInt32) -> Int {
        let red = Int(colour >> 24)
        var best = (distance: Int.max, index: Int.max)
        func consider(_ position: Int) {
            let entry = sorted[position]
            var distance = 0
            for shift: UInt32 in [24, 16, 8, 0] {
                let d = Int((colour >> shift) & 0xFF) - Int((entry.colour >> shift) & 0xFF)
                distance += d * d
            }
            if (distance, entry.index) < best { best = (distance, entry.index) }
        }
        // The first entry whose red is at least the colour's.
        var low = 0, high = reds.count
        while low < high {
            let middle = (low + high) / 2
            if reds[middle] < red { low = middle + 1 } else { high = middle }
        }
        var up = low, down = low - 1
        while up < reds.count || down >= 0 {
            let upGap = up < reds.count ? (reds[up] - red) * (reds[up] - red) : Int.max
            let downGap = down >= 0 ? (red - reds[down]) * (red - reds[down]) : Int.max
            // Ties on distance go to the lower index, so an entry exactly as
            // far in red as the best distance must still be looked at.
            if min(upGap, downGap) > best.distance { break }
            if upGap <= downGap {
                consider(up)
                up += 1
            } else {
                consider(down)
                down -= 1
            }
        }
        return best.index
    }
}

/// Median cut over weighted 0xRRGGBBAA colours. The boxes are ranges of
/// one array, each sorted in place when it is cut.
private struct MedianCut {
    typealias Colour = (colour: UInt32, count: Int)

    struct Box {
        var range: Range<Int>
        /// The widest channel's shift and its spread weighted by the box's pixels.
        var widest: (shift: UInt32, priority: Int)

        init(_ colours: ArraySlice<Colour>) {
            range = colours.indices
            // One pass for every channel's range: R, G, B, A in lanes 0…3.
            var low = SIMD4<Int>(repeating: 255), high = SIMD4<Int>(repeating: 0), pixels = 0
            for entry in colours {
                let value = Self.channels(entry.colour)
                low = pointwiseMin(low, value)
                high = pointwiseMax(high, value)
                pixels += entry.count
            }
            var best: (shift: UInt32, priority: Int) = (24, -1)
            for (lane, shift) in zip(0..<4, [UInt32(24), 16, 8, 0]) {
                let spread = high[lane] - low[lane]
                if spread * pixels > best.priority { best = (shift, spread * pixels) }
            }
            widest = colours.count > 1 ? best : (24, 0)
        }

        static func channels(_ colour: UInt32) -> SIMD4<Int> {
            SIMD4(Int(colour >> 24), Int((colour >> 16) & 0xFF), Int((colour >> 8) & 0xFF), Int(colour & 0xFF))
        }

        func mean(of colours: ArraySlice<Colour>) -> UInt32 {
            var sums = SIMD4<Int>(repeating: 0), pixels = 0
            for entry in colours {
                sums &+= Self.channels(entry.colour) &* entry.count
                pixels += entry.count
            }
            var entry: UInt32 = 0
            for (lane, shift) in zip(0..<4, [UInt32(24), 16, 8, 0]) {
                entry |= UInt32((sums[lane] + pixels / 2) / max(pixels, 1)) << shift
            }
            return entry
        }
    }

    let colours: [Colour]

    func palette(size: Int) -> [UInt32] {
        var all = colours
        var boxes = [Box(all[...])]
        while boxes.count < size {
            guard let index = boxes.indices.max(by: { boxes[$0].widest.priority < boxes[$1].widest.priority }),
                boxes[index].widest.priority > 0
            else { break }
            let box = boxes[index]
            let shift = box.widest.shift
            // By the channel, then by the whole colour: the same order every run.
            all[box.range].sort {
                (UInt64(($0.colour >> shift) & 0xFF) << 32 | UInt64($0.colour))
                    < (UInt64(($1.colour >> shift) & 0xFF) << 32 | UInt64($1.colour))
            }
            let half = all[box.range].reduce(0) { $0 + $1.count } / 2
            var seen = 0, cut = box.range.lowerBound + 1
            for position in box.range {
                seen += all[position].count
                if seen >= half {
                    cut = min(max(position + 1, box.range.lowerBound + 1), box.range.upperBound - 1)
                    break
                }
            }
            boxes[index] = Box(all[box.range.lowerBound..<cut])
            boxes.append(Box(all[cut..<box.range.upperBound]))
        }
        return boxes.map { $0.mean(of: all[$0.range]) }
    }
}
