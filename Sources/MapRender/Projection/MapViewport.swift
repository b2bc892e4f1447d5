import Foundation
import NearbyKit

/// Where a region lands on an image: the zoom, and the mapping from Web
/// Mercator metres to image pixels. The region's centre is the image's
/// centre; the zoom is the largest whole XYZ zoom at which the whole region
/// fits inside the image's size in points.
public struct MapViewport: Sendable {
    /// The XYZ zoom at which one map pixel is one point of the image.
    public let zoom: Int
    /// Pixels per point (1, 2 or 3).
    public let scale: Int
    /// The image's size in pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// The zoom whose tiles are drawn: one level deeper on 2× and 3× images,
    /// so that a retina image gets the detail of a retina map.
    public let tileZoom: Int
    /// The region's centre in world pixels at `pixelZoom`.
    let centre: PixelPoint

    /// Zooms beyond this show nothing more in OpenStreetMap data.
    public static let maximumZoom = 19

    /// `zoom + log2(scale)`: the fractional zoom at which one world pixel is
    /// one image pixel.
    public var pixelZoom: Double { Double(zoom) + log2(Double(scale)) }

    public init(region: Region, width: Int, height: Int, scale: Int, projection: WebMercatorProjection) throws(ProjectionError) {
        let lat = region.center.latitude, lon = region.center.longitude
        let halfLat = region.span.latitudeDelta / 2, halfLon = region.span.longitudeDelta / 2
        let limit = WebMercatorProjection.maximumLatitude
        let corners = try projection.project([
            region.center,
            Coordinate(clampedLatitude: min(lat + halfLat, limit), longitude: lon + halfLon),
            Coordinate(clampedLatitude: max(lat - halfLat, -limit), longitude: lon - halfLon),
        ])
        let centre = corners[0], northEast = corners[1], southWest = corners[2]
        // Latitude is not linear in Mercator: the half above the centre is
        // taller than the half below, and the taller one decides the fit.
        let metresWide = 2 * max(northEast.x - centre.x, centre.x - southWest.x)
        let metresHigh = 2 * max(northEast.y - centre.y, centre.y - southWest.y)
        var zoom = 0
        for candidate in stride(from: Self.maximumZoom, through: 0, by: -1) {
            let metresPerPoint = 2 * MercatorPoint.halfWorld / (256 * pow2(Double(candidate)))
            if metresWide / metresPerPoint <= Double(width) + 1e-9, metresHigh / metresPerPoint <= Double(height) + 1e-9 {
                zoom = candidate
                break
            }
        }
        self.init(centre: centre, zoom: zoom, width: width, height: height, scale: scale)
    }

    /// A given centre at a given zoom, as a static map request names them.
    /// `zoom` is clamped to 0…`maximumExplicitZoom`.
    public init(
        center: Coordinate, zoom: Int, width: Int, height: Int, scale: Int,
        projection: WebMercatorProjection
    ) throws(ProjectionError) {
        let centre = try projection.project(center)
        self.init(
            centre: centre, zoom: min(max(zoom, 0), Self.maximumExplicitZoom),
            width: width, height: height, scale: scale)
    }

    /// The deepest zoom a caller may ask for: tiles exist (or are drawn on
    /// demand) one level deeper on 2× images, and no further.
    public static let maximumExplicitZoom = maximumZoom + 1

    init(centre: MercatorPoint, zoom: Int, width: Int, height: Int, scale: Int) {
        self.zoom = zoom
        self.scale = scale
        self.pixelWidth = width * scale
        self.pixelHeight = height * scale
        self.tileZoom = min(zoom + (scale > 1 ? 1 : 0), Self.maximumExplicitZoom)
        // Whole pixels keep tiles on the pixel grid (no blurred seams); the
        // centre moves by at most half a pixel, and pins use the same origin.
        let exact = centre.worldPixel(zoom: Double(zoom) + log2(Double(scale)))
        self.centre = PixelPoint(x: exact.x.rounded(), y: exact.y.rounded())
    }

    /// The image pixel of a projected position; (0, 0) is the top-left
    /// corner of the top-left pixel.
    public func pixel(for point: MercatorPoint) -> PixelPoint {
        let world = point.worldPixel(zoom: pixelZoom)
        return PixelPoint(
            x: world.x - centre.x + Double(pixelWidth) / 2,
            y: world.y - centre.y + Double(pixelHeight) / 2)
    }

    /// The image's centre in Web Mercator metres.
    var centreMetres: MercatorPoint { MercatorPoint(worldPixel: centre, zoom: pixelZoom) }

    /// The image's top-left corner in world pixels at `pixelZoom`.
    var origin: PixelPoint {
        PixelPoint(x: centre.x - Double(pixelWidth) / 2, y: centre.y - Double(pixelHeight) / 2)
    }

    /// How many image pixels one tile pixel covers (1 at 1× and 2×, 1.5 at 3×).
    var tileScale: Double { pow2(pixelZoom - Double(tileZoom)) }

    /// The tiles at `tileZoom` that cover the image, with the image pixel of
    /// each tile's top-left corner. Columns wrap around the antimeridian.
    func visibleTiles() -> [(key: TileKey, x: Double, y: Double)] {
        let tileSpan = 256 * tileScale
        let origin = origin
        let firstColumn = Int(floor(origin.x / tileSpan)), lastColumn = Int(floor((origin.x + Double(pixelWidth) - 1e-9) / tileSpan))
        let firstRow = Int(floor(origin.y / tileSpan)), lastRow = Int(floor((origin.y + Double(pixelHeight) - 1e-9) / tileSpan))
        let count = 1 << tileZoom
        let rows = max(firstRow, 0)...max(min(lastRow, count - 1), 0)
        guard firstRow < count, lastRow >= 0 else { return [] }
        var tiles: [(key: TileKey, x: Double, y: Double)] = []
        for row in rows {
            for column in firstColumn...lastColumn {
                let wrapped = ((column % count) + count) % count
                tiles.append(
                    (
                        TileKey(z: tileZoom, x: wrapped, y: row),
                        Double(column) * tileSpan - origin.x,
                        Double(row) * tileSpan - origin.y
                    ))
            }
        }
        return tiles
    }
}

extension Coordinate {
    /// Corners of a region may run past the poles or the antimeridian; the
    /// fit only needs their distance from the centre, so clamping is enough.
    init(clampedLatitude latitude: Double, longitude: Double) throws(ProjectionError) {
        do {
            try self.init(latitude: min(max(latitude, -90), 90), longitude: min(max(longitude, -180), 180))
        } catch {
            throw .notProjectable(latitude: latitude, longitude: longitude)
        }
    }
}
