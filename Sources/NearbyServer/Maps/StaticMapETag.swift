import MapRender

/// The entity tag of a static map: a hash of the request as parsed (so two
/// spellings of one map, `color:red` and `color:0xff0000`, share it) and of
/// what the image is drawn from.
///
/// Swift's `Hasher` is seeded per process, so the tag uses FNV-1a instead:
/// the same request gives the same tag in every process over the same tiles.
struct StaticMapETag: Sendable {
    /// What the images are drawn from: the tile set, and whether missing
    /// tiles are drawn from an extract. The tile cache keeps decoded tiles
    /// for the life of the process, so the tag also names the process's
    /// start: a restart (how new tiles are taken in) changes every tag.
    let basemapIdentity: String

    func tag(for request: StaticMapRequest) -> String {
        var hash = FNV1a()
        hash.combine(basemapIdentity)
        hash.combine("\n")
        // The parsed request's full description: every field, in order,
        // including each marker's and path's style.
        hash.combine(String(reflecting: request))
        return "\"sm-\(String(hash.value, radix: 16))\""
    }
}

/// 64-bit FNV-1a over UTF-8 bytes: tiny, stable across processes and
/// platforms, and fast enough next to drawing an image.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }
}
