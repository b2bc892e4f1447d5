import CISAL
import CPNG
import Foundation

/// Writes 8-bit RGB, RGBA or palette PNGs. Rows go unfiltered: on map
/// images, flat fills and antialiased edges repeat better as they are, so
/// every deflate gives a smaller file unfiltered than with libpng's
/// adaptive filters, and the file decodes twice as fast
/// (Benchmarks/png/README.md). The output holds no time stamp or other
/// varying chunk, so identical pixels give identical bytes.
public struct PNGEncoder: Sendable {
    /// Keep the alpha channel (RGBA); otherwise the image is flattened onto
    /// white and written as RGB, a quarter smaller.
    public var keepsAlpha: Bool
    /// For snapshots made on request: deflated by ISA-L's igzip at level 2,
    /// 3× quicker than libdeflate's fastest level and 5× quicker than
    /// libpng's fast setting, for a file 4–10% larger. Otherwise by zlib at
    /// its best level: right for tiles rendered once and read many times.
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
            return try write(
                quantized.indexedLines, lineBytes: 1 + buffer.width, width: buffer.width, height: buffer.height,
                colourType: PNG_COLOR_TYPE_PALETTE, palette: quantized.palette, alphas: quantized.alphas)
        }
        return try write(
            scanlines.bytes, lineBytes: scanlines.lineBytes, width: buffer.width, height: buffer.height,
            colourType: keepsAlpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB)
    }

    private func write(
        _ lines: [UInt8], lineBytes: Int, width: Int, height: Int, colourType: Int32,
        palette: [UInt8] = [], alphas: [UInt8] = []
    ) throws(PNGError) -> [UInt8] {
        guard favoursSpeed else {
            return try Self.frame(
                width: width, height: height, colourType: colourType, palette: palette, alphas: alphas,
                lines: lines, lineBytes: lineBytes)
        }
        return try Self.frame(
            width: width, height: height, colourType: colourType, palette: palette, alphas: alphas,
            deflated: Self.deflate(lines, level: 2))
    }

    /// A zlib stream of `bytes`, by ISA-L's igzip at `level` (0…3).
    static func deflate(_ bytes: [UInt8], level: Int) throws(PNGError) -> [UInt8] {
        let levelBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(nearby_isal_level_buffer_size(Int32(level))), alignment: 64)
        defer { levelBuffer.deallocate() }
        // Stored blocks cost 5 bytes in 65,535, plus the header and trailer:
        // anything larger than this means the encoder failed.
        var capacity = bytes.count + bytes.count / 1000 + 1024
        for _ in 0..<2 {
            var stream = isal_zstream()
            isal_deflate_stateless_init(&stream)
            stream.level = UInt32(level)
            stream.level_buf = levelBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.level_buf_size = nearby_isal_level_buffer_size(Int32(level))
            stream.gzip_flag = UInt16(IGZIP_ZLIB)
            stream.end_of_stream = 1
            var status: Int32 = 0
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
                bytes.withUnsafeBufferPointer { input in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.avail_in = UInt32(input.count)
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = isal_deflate_stateless(&stream)
                }
                count = status == COMP_OK ? Int(stream.total_out) : 0
            }
            if status == COMP_OK { return output }
            guard status == STATELESS_OVERFLOW else { throw .encodingFailed("ISA-L could not deflate (status \(status))") }
            capacity *= 2
        }
        throw .encodingFailed("ISA-L's output outgrew twice the image")
    }

    /// The PNG file, written by libpng: around `deflated` when given (a zlib
    /// stream of `lines`), or else with `lines` deflated by zlib at its best level (9).
    static func frame(
        width: Int, height: Int, colourType: Int32, palette: [UInt8] = [], alphas: [UInt8] = [],
        deflated: [UInt8]? = nil, lines: [UInt8] = [], lineBytes: Int = 0
    ) throws(PNGError) -> [UInt8] {
        guard let width = UInt32(exactly: width), let height = UInt32(exactly: height) else {
            throw .encodingFailed("\(width)×\(height) pixels is not a PNG size")
        }
        var output = nearby_png_output()
        let ok = palette.withUnsafeBufferPointer { palette in
            alphas.withUnsafeBufferPointer { alphas in
                lines.withUnsafeBufferPointer { lines in
                    func write(_ idat: UnsafeBufferPointer<UInt8>?) -> Int32 {
                        nearby_png_write(
                            &output, width, height, colourType,
                            palette.baseAddress, Int32(palette.count / 3), alphas.baseAddress, Int32(alphas.count),
                            idat?.baseAddress, idat?.count ?? 0, lines.baseAddress, lineBytes, 9)
                    }
                    guard let deflated else { return write(nil) }
                    return deflated.withUnsafeBufferPointer { write($0) }
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
