import MapRender
import NearbyKit

/// The entity tag of a static map: a hash of the request as parsed (so two
/// spellings of one map, `color:red` and `color:0xff0000`, share it) and of
/// the basemap under it (`MapSnapshotter.basemapDigest`: the content of each
/// tile it shows). The same map over the same tiles has the same tag in every
/// process, and a tile drawn anew changes the tags of the maps that show it
/// and of no other.
enum StaticMapETag {
    static func tag(for request: StaticMapRequest, basemap: UInt64, hasTileFolder: Bool) -> String {
        var hash = FNV1a()
        hash.combine(basemap)
        // What a map of missing tiles warns of depends on it.
        hash.combine(hasTileFolder ? "tile folder\n".utf8 : "no tile folder\n".utf8)
        // The parsed request's full description: every field, in order,
        // including each marker's and path's style.
        hash.combine(String(reflecting: request).utf8)
        return "\"sm-\(hash.hex)\""
    }
}
