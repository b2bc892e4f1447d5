import CCairo
import Foundation
import NearbyKit

/// An image in memory laid out as cairo's ARGB32 wants it (native-endian
/// 32-bit words, so B, G, R, A bytes on little-endian machines, colour
/// premultiplied by alpha). Cairo draws into it and libpng reads from it
/// without another conversion of the layout.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    let bytes: UnsafeMutablePointer<UInt8>
    /// Every pixel's alpha is 255, as in a decoded PNG without alpha: cairo
    /// is then given the image as RGB24 and copies it rather than blending
    /// it. Such a buffer is a source only, never drawn into.
    let isOpaque: Bool

    /// A transparent image. Sizes are checked by callers (the snapshotter
    /// validates user input); zero or negative sizes make an empty buffer.
    public convenience init(width: Int, height: Int) {
        self.init(width: width, height: height, zeroed: true, opaque: false)
    }

    /// `zeroed: false` is for callers that write every pixel before reading
    /// any: a map's 4 MB need no clearing before the land colour covers them.
    init(width: Int, height: Int, zeroed: Bool, opaque: Bool = false) {
        self.isOpaque = opaque
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(self.width)))
        let count = max(stride * self.height, 1)
        // calloc, not malloc and a fill: fresh pages from the kernel are
        // already zero, and calloc knows not to clear them again.
        guard let memory = zeroed ? calloc(count, 1) : malloc(count) else {
            fatalError("out of memory for a \(self.width)×\(self.height) image")
        }
        bytes = memory.assumingMemoryBound(to: UInt8.self)
    }

    /// The pixel memory this buffer holds.
    public var byteCount: Int { stride * height }

    deinit {
        free(bytes)
    }

    /// Adds the pixel memory to a digest (a tile drawn on demand: `TileSource.digest(of:)`).
    func combineBytes(into digest: inout FNV1a) {
        digest.combine(UnsafeBufferPointer(start: bytes, count: byteCount))
    }

    /// The straight (not premultiplied) sRGB colour and alpha at a pixel, or
    /// nil outside the image.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let word = UnsafeRawPointer(bytes + y * stride + x * 4).load(as: UInt32.self)
        let alpha = UInt8(truncatingIfNeeded: word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = UInt32(truncatingIfNeeded: word >> shift) & 0xFF
            guard alpha != 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return (channel(16), channel(8), channel(0), alpha)
    }

    /// Runs `body` with a cairo surface over this buffer's memory. The
    /// surface must not escape: it points into memory this object owns.
    func withSurface<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        let format = isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = cairo_image_surface_create_for_data(bytes, format, Int32(width), Int32(height), Int32(stride))!
        defer {
            cairo_surface_flush(surface)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        return try body(surface)
    }
}
