import NearbyKit

extension MapViewport {
    /// The position under an image pixel ((0, 0) is the top-left corner):
    /// where a click on the map lands.
    public func coordinate(at pixel: PixelPoint, projection: WebMercatorProjection) throws(ProjectionError) -> Coordinate {
        let world = PixelPoint(x: origin.x + pixel.x, y: origin.y + pixel.y)
        return try projection.unproject(MercatorPoint(worldPixel: world, zoom: pixelZoom))
    }

    /// The position at the image's centre.
    public func centre(projection: WebMercatorProjection) throws(ProjectionError) -> Coordinate {
        try projection.unproject(centreMetres)
    }
}
