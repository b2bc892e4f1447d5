import Foundation
import NearbyKit

/// Where every map's pixels come from: a tile set, and what draws the
/// tiles it lacks. The CLI's `MapRoot` decides them from the options and
/// the data; `nearby serve`, `--png` and the tests all make their tile
/// source and snapshotter here, and nowhere else.
public struct MapSources: Sendable {
    /// The tiles served and drawn from; `NoTiles` when there are none.
    public let tiles: any TileSet
    /// Draws the tiles the set lacks (`OnDemandBasemap` over an extract); nil: plain land.
    public let basemap: (any TileRendering)?

    public init(tiles: (any TileSet)?, basemap: (any TileRendering)?) {
        self.tiles = tiles ?? NoTiles()
        self.basemap = basemap
    }

    /// A tile source of its own: a cache of decoded tiles, for one drawing or a whole server.
    public func tileSource() -> TileSource {
        TileSource(tiles: tiles, onDemand: basemap)
    }

    /// A snapshotter over a tile source of its own.
    public func snapshotter() throws(SnapshotError) -> MapSnapshotter {
        try MapSnapshotter(tiles: tileSource())
    }
}

/// No tile set: every tile is missing, so maps are drawn from the basemap or as plain land.
public final class NoTiles: TileSet {
    public init() {}
    public var path: String { "(no tile set)" }
    public var attribution: TileSetAttribution { TileSetAttribution() }
    public var coverage: TileCoverage? { nil }
    public func version(of key: TileKey) -> FileStamp? { nil }
    public func read(_ key: TileKey) -> TileRead { .missing }
}
