import Foundation
import LibFuzzerDriver
import MapRender
import NearbyKit

let zones = [TimeZone(identifier: "Europe/Monaco")!, TimeZone(identifier: "America/St_Johns")!]

/// The option parsers that read user text: the first byte chooses one, the
/// rest is the text. Beyond not crashing, what a parser accepts must make
/// sense and read back the same when written out again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0, count <= 256 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes + 1, count: count - 1), as: UTF8.self)
    switch bytes[0] % 3 {
    case 0: size(text)
    case 1: zoom(text)
    default: time(text, zone: zones[Int(bytes[0] / 3) % zones.count])
    }
    return 0
}

/// `--size WxH`: digits on both sides; a size that also validates is
/// positive and within the pixel limit at every scale it passes with.
func size(_ text: String) {
    guard let parsed = try? MapSnapshotOptions.parseSize(text) else { return }
    let (width, height) = parsed
    guard width >= 0, height >= 0 else { fatalError("negative size from \(text.debugDescription)") }
    guard let again = try? MapSnapshotOptions.parseSize("\(width)x\(height)"), again.width == width, again.height == height else {
        fatalError("\(width)x\(height) does not read back")
    }
    for scale in 1...3 where (try? MapSnapshotOptions.validate(width: width, height: height, scale: scale)) != nil {
        guard width > 0, height > 0, width * scale <= MapSnapshotOptions.maximumPixels,
            height * scale <= MapSnapshotOptions.maximumPixels
        else {
            fatalError("\(width)x\(height) at scale \(scale) validated")
        }
    }
}

/// `--zoom LOW-HIGH`: an ordered range of zooms a tile can have.
func zoom(_ text: String) {
    guard let range = try? BasemapTileRenderer.parseZoomRange(text) else { return }
    guard range.lowerBound >= 0, range.upperBound <= MapViewport.maximumZoom + 1 else {
        fatalError("zoom \(range) from \(text.debugDescription)")
    }
    guard (try? BasemapTileRenderer.parseZoomRange("\(range.lowerBound)-\(range.upperBound)")) == range else {
        fatalError("zoom \(range) does not read back")
    }
}

/// `--at`: an accepted instant, written in UTC, reads back as the same instant.
func time(_ text: String, zone: TimeZone) {
    let date: Date
    do {
        date = try InstantParser.parse(text, localZone: zone)
    } catch {
        let message = error.localizedDescription
        guard !message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            fatalError("control character in \(message.debugDescription)")
        }
        return
    }
    let written = InstantParser.string(for: date)
    guard let again = try? InstantParser.parse(written, localZone: zone) else {
        fatalError("\(text.debugDescription) gave \(written), which does not read back")
    }
    guard abs(again.timeIntervalSince(date)) < 0.001 else { fatalError("\(text.debugDescription): \(written) is \(again)") }
}

@_cdecl("OptionsFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
