import Foundation
import NearbyKit

/// Finished basemap tiles, as PNG bytes: a folder of `{z}/{x}/{y}.png`
/// (`TileFolder`) or one MBTiles file (`MBTilesFile`). The server serves
/// their bytes (`/tiles/`); `TileSource` decodes them for the maps it draws.
public protocol TileSet: AnyObject, Sendable {
    /// Where the tiles are, for messages.
    var path: String { get }
    /// The credit every map drawn from them carries.
    var attribution: TileSetAttribution { get }
    /// The zooms and box its metadata names, read afresh when the metadata changes.
    var coverage: TileCoverage? { get }
    /// What a kept copy of `key`'s answer must match to be current, found
    /// cheaply (a `stat`): the tile file's stamp in a folder (nil while
    /// there is none), the whole file's in MBTiles.
    func version(of key: TileKey) -> FileStamp?
    func read(_ key: TileKey) -> TileRead
}

/// What a tile set holds for one tile.
public enum TileRead: Sendable, Equatable {
    case png([UInt8])
    case missing
    case unreadable(reason: String)
    /// Past what a tile may weigh (`TileFolder.maximumFileBytes`).
    case oversized(reason: String)
}

/// Which kind of tile set a `--tiles` or `--out` path names: an `.mbtiles`
/// file, or else a folder.
public enum TileSetKind: Sendable, Equatable {
    case folder
    case mbtiles

    public init(path: String) {
        self = path.lowercased().hasSuffix(".mbtiles") ? .mbtiles : .folder
    }
}
