import CPNG
import Foundation

/// Writes 8-bit RGB or RGBA PNGs through libpng's simplified API. The output
/// holds no time stamp or other varying chunk, so identical pixels give
/// identical bytes.
public struct PNGEncoder: Sendable {
    /// Keep the alpha channel (RGBA); otherwise the image is flattened onto
    /// white and written as RGB, a quarter smaller.
    public var keepsAlpha: Bool
    /// libpng's PNG_IMAGE_FLAG_FAST: quicker filters and zlib level, somewhat
    /// larger files. Right for snapshots made on request; not for tiles
    /// rendered once and committed.
    public var favoursSpeed: Bool

    public init(keepsAlpha: Bool = false, favoursSpeed: Bool = true) {
        self.keepsAlpha = keepsAlpha
        self.favoursSpeed = favoursSpeed
    }

    public func encode(_ buffer: PixelBuffer) throws(PNGError) -> [UInt8] {
        let channels = keepsAlpha ? 4 : 3
        let rowBytes = buffer.width * channels
        var packed = [UInt8](repeating: 0, count: max(rowBytes * buffer.height, 1))
        pack(buffer, into: &packed, channels: channels)

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(buffer.width)
        image.height = UInt32(buffer.height)
        image.format = keepsAlpha ? PNGDecoder.cairoByteOrder : Self.rgbByteOrder
        image.flags = favoursSpeed ? UInt32(PNG_IMAGE_FLAG_FAST) : 0

        // One pass into a buffer that zlib's worst case fits; ask libpng for
        // the exact size only if that guess was somehow short.
        var capacity = packed.count + packed.count / 64 + buffer.height + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = output.withUnsafeMutableBytes { out in
                packed.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, Int32(rowBytes), nil)
                }
            }
            if ok != 0 {
                output.removeSubrange(size...)
                return output
            }
            guard image.warning_or_error & 3 == 0, size > capacity else {
                throw .encodingFailed(PNGDecoder.message(of: &image))
            }
            capacity = size
            image.warning_or_error = 0
        }
        throw .encodingFailed("libpng kept asking for a larger buffer")
    }

    static var rgbByteOrder: UInt32 {
        #if _endian(big)
        UInt32(PNG_FORMAT_RGB)
        #else
        UInt32(PNG_FORMAT_BGR)
        #endif
    }

    /// Cairo's premultiplied words → straight RGBA, or RGB over white.
    private func pack(_ buffer: PixelBuffer, into packed: inout [UInt8], channels: Int) {
        #if _endian(big)
        let (a, c0, c1, c2) = (0, 1, 2, 3)
        #else
        let (c0, c1, c2, a) = (0, 1, 2, 3)
        #endif
        packed.withUnsafeMutableBufferPointer { out in
            var o = 0
            for row in 0..<buffer.height {
                let line = buffer.bytes + row * buffer.stride
                for column in 0..<buffer.width {
                    let p = line + column * 4
                    let alpha = p[a]
                    if channels == 3 {
                        // Premultiplied colour over white: c + (255 − α).
                        let white = 255 &- alpha
                        out[o] = p[c0] &+ white; out[o + 1] = p[c1] &+ white; out[o + 2] = p[c2] &+ white
                        o += 3
                    } else if alpha == 255 || alpha == 0 {
                        out[o] = p[c0]; out[o + 1] = p[c1]; out[o + 2] = p[c2]; out[o + 3] = alpha
                        o += 4
                    } else {
                        let al = UInt32(alpha)
                        out[o] = UInt8(min(255, (UInt32(p[c0]) * 255 + al / 2) / al))
                        out[o + 1] = UInt8(min(255, (UInt32(p[c1]) * 255 + al / 2) / al))
                        out[o + 2] = UInt8(min(255, (UInt32(p[c2]) * 255 + al / 2) / al))
                        out[o + 3] = alpha
                        o += 4
                    }
                }
            }
        }
    }
}
