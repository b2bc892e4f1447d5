import NIOCore
import Testing

@testable import NearbyServer

/// The encoded static maps the server keeps: bounded by bytes, least recently used out first.
struct StaticMapImageCacheTests {
    static func image(_ bytes: Int, warning: String? = nil) -> StaticMapImageCache.Image {
        StaticMapImageCache.Image(png: ByteBuffer(repeating: 0x89, count: bytes), warning: warning)
    }

    @Test func keepsImagesWithinItsBudgetDroppingTheLeastRecentlyUsed() {
        let cache = StaticMapImageCache(byteBudget: 1000)
        cache.store(Self.image(400), for: "\"a\"")
        cache.store(Self.image(400, warning: "tile 15/1/2 is missing"), for: "\"b\"")
        #expect(cache.image(for: "\"a\"")?.png.readableBytes == 400)  // a is now the more recent
        cache.store(Self.image(400), for: "\"c\"")
        #expect(cache.cachedBytes == 800)
        #expect(cache.image(for: "\"b\"") == nil)
        #expect(cache.image(for: "\"a\"") != nil)
        #expect(cache.image(for: "\"c\"") != nil)

        cache.store(Self.image(1001), for: "\"huge\"")
        #expect(cache.image(for: "\"huge\"") == nil)
        #expect(cache.cachedBytes == 800)
    }

    @Test func keepsTheWarningWithTheImage() {
        let cache = StaticMapImageCache(byteBudget: 1000)
        cache.store(Self.image(10, warning: "tile 15/1/2 is missing"), for: "\"w\"")
        #expect(cache.image(for: "\"w\"")?.warning == "tile 15/1/2 is missing")
        cache.store(Self.image(20), for: "\"w\"")
        #expect(cache.image(for: "\"w\"")?.warning == nil)
        #expect(cache.cachedBytes == 20)
        #expect(cache.cachedImageCount == 1)
    }
}
