/// Something that can draw a basemap tile when the tile directory lacks it
/// (the `BasemapTileRenderer` over an OpenStreetMap extract).
public protocol TileRendering: AnyObject, Sendable {
    func renderTile(_ key: TileKey) throws -> PixelBuffer
}
