import Foundation

/// A rendered map: its pixels, where everything landed, and which tiles it
/// had to draw as plain land.
public struct MapSnapshot: Sendable {
    public let viewport: MapViewport
    public let image: PixelBuffer
    /// Each annotation's tip in image pixels, in the order given.
    public let pinTips: [PixelPoint]
    public let userPosition: PixelPoint?
    /// Tiles missing from the tile set (and not drawn on demand).
    public let landOnlyTiles: [TileKey]

    /// The image as PNG bytes (8-bit RGB).
    public func pngData(encoder: PNGEncoder = PNGEncoder()) throws(SnapshotError) -> [UInt8] {
        do {
            return try encoder.encode(image)
        } catch {
            throw SnapshotError(error)
        }
    }

    /// Encodes, then writes atomically: on any failure no file (and no
    /// partial file) is left at `url`.
    public func writePNG(to url: URL, encoder: PNGEncoder = PNGEncoder()) throws(SnapshotError) {
        try MapSnapshotter.checkWritable(url)
        let bytes = try pngData(encoder: encoder)
        do {
            try AtomicFileWriter.write(bytes, to: url)
        } catch {
            throw SnapshotError(error)
        }
    }
}
