import Foundation
import LibFuzzerDriver
import MapRender

/// Decodes arbitrary bytes as a PNG tile. Beyond not crashing: a decoded
/// image has a size the decoder allows, and (when small enough to be quick)
/// encoding it and decoding again keeps every alpha and every opaque colour;
/// so does the palette encoding when the image has 256 colours or fewer,
/// and it keeps the size whatever the colours.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let image: PixelBuffer
    do {
        image = try PNGDecoder.decode(Data(bytes: bytes, count: count))
    } catch {
        guard !error.localizedDescription.isEmpty else { fatalError("an error with no message") }
        return 0
    }
    guard (1...PNGDecoder.maximumSide).contains(image.width), (1...PNGDecoder.maximumSide).contains(image.height),
        image.stride >= image.width * 4
    else {
        fatalError("decoded a \(image.width)×\(image.height) image (stride \(image.stride))")
    }
    guard image.width * image.height <= 256 * 256 else { return 0 }
    var colours = Set<UInt32>()
    for y in 0..<image.height {
        for x in 0..<image.width {
            let p = image.rgba(x: x, y: y)!
            colours.insert(UInt32(p.red) << 24 | UInt32(p.green) << 16 | UInt32(p.blue) << 8 | UInt32(p.alpha))
        }
    }
    for encoder in [PNGEncoder(keepsAlpha: true), PNGEncoder(keepsAlpha: true, usesPalette: true)] {
        do {
            let again = try PNGDecoder.decode(Data(encoder.encode(image)))
            guard again.width == image.width, again.height == image.height else { fatalError("size changed") }
            guard !encoder.usesPalette || colours.count <= 256 else { continue }
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = image.rgba(x: x, y: y)!, b = again.rgba(x: x, y: y)!
                    guard a.alpha == b.alpha else { fatalError("alpha changed at \(x),\(y)") }
                    if a.alpha == 255, a != b { fatalError("opaque colour changed at \(x),\(y): \(a) → \(b)") }
                }
            }
        } catch {
            fatalError("a decoded image does not encode and decode again: \(error.localizedDescription)")
        }
    }
    return 0
}

@_cdecl("PNGFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
