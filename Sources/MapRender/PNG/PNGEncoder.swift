import CDeflate
import CPNG
import Foundation

/// Writes 8-bit RGB or RGBA PNGs. The output holds no time stamp or other
/// varying chunk, so identical pixels give identical bytes.
public struct PNGEncoder: Sendable {
    /// Keep the alpha channel (RGBA); otherwise the image is flattened onto
    /// white and written as RGB, a quarter smaller.
    public var keepsAlpha: Bool
    /// For snapshots made on request: rows unfiltered and deflated by
    /// libdeflate at its fastest level, framed by libpng. On map images this
    /// is both quicker and smaller than libpng's own fast setting, because
    /// flat colours and antialiased edges repeat better unfiltered
    /// (Benchmarks/png/README.md). Otherwise libpng chooses a filter
    /// per row and deflates harder: right for tiles rendered once and committed.
    public var favoursSpeed: Bool
    /// At most 256 colours in an 8-bit palette PNG (Google's `png8`):
    /// a file about a third the size, at some cost in colour (`PaletteQuantizer`).
    public var usesPalette: Bool

    public init(keepsAlpha: Bool = false, favoursSpeed: Bool = true, usesPalette: Bool = false) {
        self.keepsAlpha = keepsAlpha
        self.favoursSpeed = favoursSpeed
        self.usesPalette = usesPalette
    }

    public func encode(_ buffer: PixelBuffer) throws(PNGError) -> [UInt8] {
        let scanlines = PNGScanlines(buffer, keepsAlpha: keepsAlpha)
        if usesPalette {
            let quantized = PaletteQuantizer(scanlines, width: buffer.width, height: buffer.height, channels: keepsAlpha ? 4 : 3)
            return try Self.frame(width: buffer.width, height: buffer.height, colourType: PNG_COLOR_TYPE_PALETTE,
                                  palette: quantized.palette, alphas: quantized.alphas,
                                  deflated: Self.deflate(quantized.indexedLines, level: favoursSpeed ? 1 : 9))
        }
        if favoursSpeed {
            let colourType = keepsAlpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB
            return try Self.frame(width: buffer.width, height: buffer.height, colourType: colourType,
                                  deflated: Self.deflate(scanlines.bytes, level: 1))
        }
        return try encodeThroughLibpng(scanlines, width: buffer.width, height: buffer.height)
    }

    /// libpng's simplified writer, with its adaptive filters and zlib.
    private func encodeThroughLibpng(_ scanlines: PNGScanlines, width: Int, height: Int) throws(PNGError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_RGB) | (keepsAlpha ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)

        // One pass into a buffer that zlib's worst case fits; ask libpng for
        // the exact size only if that guess was somehow short.
        let pixelBytes = scanlines.bytes.count
        var capacity = pixelBytes + pixelBytes / 64 + height + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = output.withUnsafeMutableBytes { out in
                scanlines.bytes.withUnsafeBytes { lines in
                    // Each row starts after its filter byte, which libpng does not read.
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, lines.baseAddress.map { $0 + 1 },
                                              Int32(scanlines.lineBytes), nil)
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

    /// A zlib stream of `bytes`, by libdeflate.
    static func deflate(_ bytes: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .encodingFailed("libdeflate could not start (out of memory)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        // Not zero-filled first: libdeflate writes every byte it reports.
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = bytes.withUnsafeBytes { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        // The bound is libdeflate's own worst case, so 0 ("did not fit") cannot happen.
        guard !output.isEmpty else { throw .encodingFailed("libdeflate's output did not fit its own bound") }
        return output
    }

    /// The PNG file around an already deflated image, written by libpng.
    static func frame(width: Int, height: Int, colourType: Int32, palette: [UInt8] = [], alphas: [UInt8] = [],
                      deflated: [UInt8]) throws(PNGError) -> [UInt8] {
        guard let width = UInt32(exactly: width), let height = UInt32(exactly: height) else {
            throw .encodingFailed("\(width)×\(height) pixels is not a PNG size")
        }
        var output = nearby_png_output()
        let ok = palette.withUnsafeBufferPointer { palette in
            alphas.withUnsafeBufferPointer { alphas in
                deflated.withUnsafeBufferPointer { idat in
                    nearby_png_write_deflated(&output, width, height, colourType,
                                              palette.baseAddress, Int32(palette.count / 3),
                                              alphas.baseAddress, Int32(alphas.count),
                                              idat.baseAddress, idat.count)
                }
            }
        }
        guard ok != 0, let bytes = output.bytes else {
            let message = withUnsafeBytes(of: &output.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .encodingFailed(message.isEmpty ? "libpng gave no reason" : message)
        }
        defer { free(bytes) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: output.count))
    }
}
