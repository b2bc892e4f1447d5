import NIOConcurrencyHelpers
import NIOCore

/// Encoded static maps kept for reuse, keyed by their ETag (the parsed
/// request and the basemap), least recently used first out, bounded by
/// bytes. Most of an image's cost is deflating its PNG (about three fifths
/// in a profile, zlib's fastest setting already): a map asked again, as
/// pages embedding one map ask it, is answered without drawing it again.
final class StaticMapImageCache: Sendable {
    struct Image: Sendable {
        let png: ByteBuffer
        /// The tile warning the image was drawn with, said again with every copy.
        let warning: String?
    }

    private struct Entry {
        var image: Image
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let byteBudget: Int
    private let state = NIOLockedValueBox(State())

    init(byteBudget: Int = 32 << 20) {
        self.byteBudget = max(byteBudget, 0)
    }

    func image(for tag: String) -> Image? {
        state.withLockedValue { state in
            guard var entry = state.entries[tag] else { return nil }
            state.clock &+= 1
            entry.lastUse = state.clock
            state.entries[tag] = entry
            return entry.image
        }
    }

    func store(_ image: Image, for tag: String) {
        let cost = image.png.readableBytes
        // An image larger than the whole budget is served but not kept.
        guard cost <= byteBudget else { return }
        state.withLockedValue { state in
            state.clock &+= 1
            if let old = state.entries.removeValue(forKey: tag) { state.bytes -= old.image.png.readableBytes }
            state.entries[tag] = Entry(image: image, lastUse: state.clock)
            state.bytes += cost
            while state.bytes > byteBudget, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.image.png.readableBytes
            }
        }
    }

    /// Bytes of PNG held now (never more than `byteBudget`).
    var cachedBytes: Int { state.withLockedValue { $0.bytes } }
    var cachedImageCount: Int { state.withLockedValue { $0.entries.count } }
}
