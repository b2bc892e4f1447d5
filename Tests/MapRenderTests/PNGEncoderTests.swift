import CCairo
import Foundation
import Testing

@testable import MapRender

/// The encoder's three ways of writing — libdeflate under libpng (the fast
/// default), libpng's own writer, and the palette PNG — each read back by
/// libpng's reader, on a real map and on translucent pixels.
@Suite struct PNGEncoderTests {
    /// The committed 600×400 detail map: a real snapshot's colours and edges.
    static func map() throws -> PixelBuffer {
        try PNGDecoder.decode(contentsOf: TestSupport.goldens.appendingPathComponent("cafe-de-paris.png"))
    }

    static func pixels(_ buffer: PixelBuffer) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let p = buffer.rgba(x: x, y: y)!
                bytes += [p.red, p.green, p.blue, p.alpha]
            }
        }
        return bytes
    }

    /// A transparent image with one rectangle filled in a translucent colour.
    static func rectangle(
        width: Int, height: Int, filling box: (x: Double, y: Double, width: Double, height: Double),
        red: Double, green: Double, blue: Double, alpha: Double
    ) -> PixelBuffer {
        let image = PixelBuffer(width: width, height: height)
        image.withSurface { surface in
            let cairo = cairo_create(surface)
            cairo_set_source_rgba(cairo, red, green, blue, alpha)
            cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
            cairo_fill(cairo)
            cairo_destroy(cairo)
        }
        return image
    }

    /// The colour type byte of the IHDR chunk (2 RGB, 3 palette, 6 RGBA).
    static func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test(arguments: [true, false])
    func truecolourRoundTripsExactly(favoursSpeed: Bool) throws {
        let map = try Self.map()
        let png = try PNGEncoder(favoursSpeed: favoursSpeed).encode(map)
        #expect(Self.colourType(png) == 2)
        #expect(Self.pixels(try PNGDecoder.decode(Data(png))) == Self.pixels(map))
    }

    @Test(arguments: [true, false])
    func translucentPixelsKeepTheirAlpha(favoursSpeed: Bool) throws {
        let image = Self.rectangle(width: 7, height: 3, filling: (1, 0, 4, 2), red: 0.2, green: 0.6, blue: 0.9, alpha: 0.5)
        let png = try PNGEncoder(keepsAlpha: true, favoursSpeed: favoursSpeed).encode(image)
        #expect(Self.colourType(png) == 6)
        let decoded = try PNGDecoder.decode(Data(png))
        #expect(decoded.rgba(x: 2, y: 1)?.alpha == 128)
        #expect(decoded.rgba(x: 6, y: 2)?.alpha == 0)
        // Straight colour survives the premultiplied round trip within rounding.
        let blue = try #require(decoded.rgba(x: 2, y: 1)?.blue)
        #expect(abs(Int(blue) - 230) <= 2)
    }

    @Test func identicalPixelsGiveIdenticalBytes() throws {
        let map = try Self.map()
        for encoder in [PNGEncoder(), PNGEncoder(favoursSpeed: false), PNGEncoder(usesPalette: true)] {
            #expect(try encoder.encode(map) == encoder.encode(map))
        }
    }

    @Test func aFewColoursMakeALosslessPalette() throws {
        let image = PixelBuffer(width: 40, height: 30)
        image.withSurface { surface in
            let cairo = cairo_create(surface)
            cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
            for (index, colour) in [(1.0, 1.0, 1.0), (0.9, 0.1, 0.1), (0.1, 0.5, 0.2), (0.0, 0.0, 0.0)].enumerated() {
                cairo_set_source_rgb(cairo, colour.0, colour.1, colour.2)
                cairo_rectangle(cairo, Double(index * 10), 0, 10, 30)
                cairo_fill(cairo)
            }
            cairo_destroy(cairo)
        }
        let png = try PNGEncoder(usesPalette: true).encode(image)
        #expect(Self.colourType(png) == 3)
        #expect(Self.pixels(try PNGDecoder.decode(Data(png))) == Self.pixels(image))
    }

    /// A real map has thousands of colours (antialiasing); 256 must stay
    /// close to them and the file must shrink.
    @Test func aMapQuantizesCloselyAndSmaller() throws {
        let map = try Self.map()
        let truecolour = try PNGEncoder().encode(map)
        let palette = try PNGEncoder(usesPalette: true).encode(map)
        #expect(Self.colourType(palette) == 3)
        #expect(palette.count * 2 < truecolour.count)

        let original = Self.pixels(map), quantized = Self.pixels(try PNGDecoder.decode(Data(palette)))
        var total = 0, worstPixel = 0
        for pixel in stride(from: 0, to: original.count, by: 4) {
            var error = 0
            for channel in 0..<3 { error += abs(Int(original[pixel + channel]) - Int(quantized[pixel + channel])) }
            total += error
            worstPixel = max(worstPixel, error)
        }
        let meanPerChannel = Double(total) / Double(original.count / 4 * 3)
        #expect(meanPerChannel < 1.5, "mean error \(meanPerChannel) per channel")
        #expect(worstPixel < 120, "worst pixel off by \(worstPixel) over three channels")
    }

    @Test func translucentPaletteEntriesGetTransparency() throws {
        let image = Self.rectangle(width: 4, height: 1, filling: (0, 0, 2, 1), red: 1, green: 0, blue: 0, alpha: 0.5)
        let png = try PNGEncoder(keepsAlpha: true, usesPalette: true).encode(image)
        #expect(png.count > 40 && String(decoding: png, as: UTF8.self).contains("tRNS"))
        let decoded = try PNGDecoder.decode(Data(png))
        #expect(decoded.rgba(x: 0, y: 0)?.alpha == 128)
        #expect(decoded.rgba(x: 0, y: 0)?.red == 255)
        #expect(decoded.rgba(x: 3, y: 0)?.alpha == 0)
    }

    @Test(arguments: [PNGEncoder(), PNGEncoder(favoursSpeed: false), PNGEncoder(usesPalette: true)])
    func anEmptyImageIsRefused(encoder: PNGEncoder) {
        #expect(throws: PNGError.self) { try encoder.encode(PixelBuffer(width: 0, height: 10)) }
    }
}
