/// A PNG image's rows before compression: each row is a filter byte (0,
/// none) and then straight, not premultiplied, RGB or RGBA samples.
struct PNGScanlines {
    let lineBytes: Int
    private(set) var bytes: [UInt8]

    /// Cairo's premultiplied words → straight RGBA, or RGB over white.
    init(_ buffer: PixelBuffer, keepsAlpha: Bool) {
        let channels = keepsAlpha ? 4 : 3
        lineBytes = 1 + buffer.width * channels
        #if _endian(big)
            let (a, r, g, b) = (0, 1, 2, 3)
        #else
            let (b, g, r, a) = (0, 1, 2, 3)
        #endif
        let lineBytes = lineBytes
        // Not zero-filled first: every byte is written here.
        let count = max(lineBytes * buffer.height, 1)
        bytes = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            initialized = count
            out[0] = 0
            for row in 0..<buffer.height {
                let line = buffer.bytes + row * buffer.stride
                let start = out.baseAddress! + row * lineBytes
                start[0] = 0  // filter type: none
                if keepsAlpha {
                    Self.straighten(line, count: buffer.width, into: start + 1, order: (r, g, b, a))
                } else {
                    Self.flattenOnWhite(UnsafeRawPointer(line), count: buffer.width, into: start + 1)
                }
            }
        }
    }

    /// Premultiplied colour over white is c + (255 − α). Whole 32-bit words
    /// are read, so the loop compiles to a few shifts per pixel: this is a
    /// third of a fast snapshot's encoding time.
    private static func flattenOnWhite(_ line: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        var out = out
        for column in 0..<count {
            let word = line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
            // Native-endian ARGB: alpha in the top byte, blue in the bottom.
            let white = 255 &- UInt8(truncatingIfNeeded: word >> 24)
            out[0] = UInt8(truncatingIfNeeded: word >> 16) &+ white
            out[1] = UInt8(truncatingIfNeeded: word >> 8) &+ white
            out[2] = UInt8(truncatingIfNeeded: word) &+ white
            out += 3
        }
    }

    private static func straighten(
        _ line: UnsafeMutablePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>,
        order: (r: Int, g: Int, b: Int, a: Int)
    ) {
        let (r, g, b, a) = order
        var out = out
        for column in 0..<count {
            let p = line + column * 4
            let alpha = p[a]
            if alpha == 255 || alpha == 0 {
                out[0] = p[r]
                out[1] = p[g]
                out[2] = p[b]
                out[3] = alpha
            } else {
                let al = UInt32(alpha)
                out[0] = UInt8(min(255, (UInt32(p[r]) * 255 + al / 2) / al))
                out[1] = UInt8(min(255, (UInt32(p[g]) * 255 + al / 2) / al))
                out[2] = UInt8(min(255, (UInt32(p[b]) * 255 + al / 2) / al))
                out[3] = alpha
            }
            out += 4
        }
    }
}
