import MapRender

/// The entity tag of a static map: a hash of the request as parsed (so two
/// spellings of one map, `color:red` and `color:0xff0000`, share it) and of
/// what the image is drawn from: the same request gives the same tag in
/// every process over the same tiles.
struct StaticMapETag: Sendable {
    /// What the images are drawn from: the tile set, and whether missing
    /// tiles are drawn from an extract. The tile cache keeps decoded tiles
    /// for the life of the process, so the tag also names the process's
    /// start: a restart (how new tiles are taken in) changes every tag.
    let basemapIdentity: String

    func tag(for request: StaticMapRequest) -> String {
        var hash = FNV1a()
        hash.combine(basemapIdentity.utf8)
        hash.combine("\n".utf8)
        // The parsed request's full description: every field, in order,
        // including each marker's and path's style.
        hash.combine(String(reflecting: request).utf8)
        return "\"sm-\(hash.hex)\""
    }
}
