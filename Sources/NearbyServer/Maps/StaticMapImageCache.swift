import NIOCore
import NearbyKit

/// Encoded static maps kept for reuse, keyed by their ETag (the parsed
/// request and the basemap), least recently used first out, bounded by
/// bytes (tags and overhead counted too; an image larger than the whole
/// budget is served but not kept). Most of an image's cost is deflating its
/// PNG (about three fifths in a profile, zlib's fastest setting already): a
/// map asked again, as pages embedding one map ask it, is answered without
/// drawing it again.
final class StaticMapImageCache: Sendable {
    struct Image: Sendable {
        let png: ByteBuffer
        /// The tile warning the image was drawn with, said again with every copy.
        let warning: String?
    }

    let byteBudget: Int
    private let images: LRUCache<String, Image>

    init(byteBudget: Int = 32 << 20) {
        self.byteBudget = max(byteBudget, 0)
        images = LRUCache(
            budget: self.byteBudget, keyBytes: { $0.utf8.count },
            valueBytes: { $0.png.readableBytes + ($0.warning?.utf8.count ?? 0) })
    }

    func image(for tag: String) -> Image? {
        images.value(for: tag)
    }

    func store(_ image: Image, for tag: String) {
        images.store(image, for: tag)
    }

    /// Bytes of the images held now, PNGs and warnings: never more than
    /// `byteBudget`, which counts their tags and overhead as well.
    var cachedBytes: Int { images.valueBytes }
    var cachedImageCount: Int { images.count }
}
