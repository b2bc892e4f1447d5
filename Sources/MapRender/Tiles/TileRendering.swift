/// Something that can draw a basemap tile when the tile directory lacks it
/// (the `BasemapTileRenderer` over an OpenStreetMap extract).
public protocol TileRendering: AnyObject, Sendable {
    func renderTile(_ key: TileKey) throws -> PixelBuffer
    /// The tile without its names that overlap `clearance`, or nil when none
    /// does (or the renderer does not know where its names are).
    func renderTile(_ key: TileKey, clearOf clearance: LabelClearance) throws -> PixelBuffer?
    /// Changes when what the tiles are drawn from does (`OnDemandBasemap.follow`):
    /// a tile drawn at another generation is out of date.
    var generation: UInt64 { get }
}

extension TileRendering {
    public var generation: UInt64 { 0 }

    public func renderTile(_ key: TileKey, clearOf clearance: LabelClearance) throws -> PixelBuffer? { nil }
}
