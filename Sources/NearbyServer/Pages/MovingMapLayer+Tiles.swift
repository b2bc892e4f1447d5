import MapRender
import NearbyViews

extension MovingMapLayer {
    /// The moving map's layer over the server's `/tiles/`: the zooms and box
    /// the tile set's metadata names (every zoom a map is drawn at, where
    /// none are named) and, where the tiles it lacks are drawn from the
    /// extract, every zoom down to the deepest. Nil when `/tiles/` has
    /// nothing to give.
    static func over(_ tiles: (any TileSet)?, drawsMissing: Bool) -> MovingMapLayer? {
        guard tiles != nil || drawsMissing else { return nil }
        let coverage = tiles?.coverage
        let low = coverage?.zooms.lowerBound ?? 0
        let high = drawsMissing ? MapViewport.maximumZoom : coverage?.zooms.upperBound ?? MapViewport.maximumZoom
        return MovingMapLayer(
            minZoom: low, maxZoom: max(low, high), bounds: coverage?.bounds,
            attribution: tiles?.attribution.text ?? TileSetAttribution.openStreetMap)
    }
}
