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
                out[row * lineBytes] = 0   // filter type: none
                var o = row * lineBytes + 1
                for column in 0..<buffer.width {
                    let p = line + column * 4
                    let alpha = p[a]
                    if !keepsAlpha {
                        // Premultiplied colour over white: c + (255 − α).
                        let white = 255 &- alpha
                        out[o] = p[r] &+ white; out[o + 1] = p[g] &+ white; out[o + 2] = p[b] &+ white
                        o += 3
                    } else if alpha == 255 || alpha == 0 {
                        out[o] = p[r]; out[o + 1] = p[g]; out[o + 2] = p[b]; out[o + 3] = alpha
                        o += 4
                    } else {
                        let al = UInt32(alpha)
                        out[o] = UInt8(min(255, (UInt32(p[r]) * 255 + al / 2) / al))
                        out[o + 1] = UInt8(min(255, (UInt32(p[g]) * 255 + al / 2) / al))
                        out[o + 2] = UInt8(min(255, (UInt32(p[b]) * 255 + al / 2) / al))
                        out[o + 3] = alpha
                        o += 4
                    }
                }
            }
        }
    }
}
