import CPNG
import Foundation

/// Reads PNG files through libpng's simplified API, which keeps libpng's
/// setjmp/longjmp error handling inside C: a corrupt file comes back as a
/// message, never as a jump across Swift frames.
public enum PNGDecoder {
    /// The largest side decoded at all unless a caller asks for less: a
    /// 4096 × 4096 image already takes 64 MB once decoded.
    public static let maximumSide = 4096

    /// Decodes the file; images wider or taller than `maximumSide` are
    /// refused from their header, before any pixel memory is allocated.
    public static func decode(contentsOf url: URL, maximumSide: Int = PNGDecoder.maximumSide) throws(PNGError) -> PixelBuffer {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable("\(url.path): \(error.localizedDescription)")
        }
        return try decode(data, maximumSide: maximumSide)
    }

    public static func decode(_ data: Data, maximumSide: Int = PNGDecoder.maximumSide) throws(PNGError) -> PixelBuffer {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw .unreadable(message(of: &image)) }
        // begin_read has parsed IHDR only: the size is known, nothing is allocated yet.
        let limit = min(max(maximumSide, 1), Self.maximumSide)
        guard image.width > 0, image.height > 0 else {
            png_image_free(&image)
            throw .unreadable("\(image.width)×\(image.height) pixels is not a size this decoder accepts")
        }
        guard image.width <= limit, image.height <= limit else {
            png_image_free(&image)
            throw .tooLarge(width: Int(image.width), height: Int(image.height), maximumSide: limit)
        }
        // begin_read set the file's own format: without alpha (or tRNS),
        // every pixel comes out opaque and needs no premultiplying.
        let isOpaque = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) == 0
        image.format = cairoByteOrder
        let buffer = PixelBuffer(width: Int(image.width), height: Int(image.height), zeroed: false, opaque: isOpaque)
        // begin_read only parsed the header: the pixels are decoded here, so
        // the bytes must stay alive until finish_read returns.
        let finished = data.withUnsafeBytes { _ in
            png_image_finish_read(&image, nil, buffer.bytes, Int32(buffer.stride), nil)
        }
        guard finished != 0 else { throw .unreadable(message(of: &image)) }
        if !isOpaque { premultiply(buffer) }
        return buffer
    }

    /// libpng's name for the byte order of cairo's native-endian ARGB32 words.
    static var cairoByteOrder: UInt32 {
        #if _endian(big)
            UInt32(PNG_FORMAT_ARGB)
        #else
            UInt32(PNG_FORMAT_BGRA)
        #endif
    }

    /// libpng hands out straight alpha; cairo composites premultiplied.
    private static func premultiply(_ buffer: PixelBuffer) {
        for row in 0..<buffer.height {
            let line = buffer.bytes + row * buffer.stride
            for column in 0..<buffer.width {
                let pixel = line + column * 4
                let alpha = UInt32(pixel[alphaOffset])
                guard alpha != 255 else { continue }
                for channel in colourOffsets {
                    pixel[channel] = UInt8((UInt32(pixel[channel]) * alpha + 127) / 255)
                }
            }
        }
    }

    #if _endian(big)
        static let alphaOffset = 0
        static let colourOffsets = [1, 2, 3]
    #else
        static let alphaOffset = 3
        static let colourOffsets = [0, 1, 2]
    #endif

    static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "libpng gave no reason" : text
        }
    }
}
