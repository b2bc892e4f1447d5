import Foundation
import Hummingbird
import MapRender
import NIOCore
import NearbyKit
import NearbyService
import NearbyViews

/// The maps on the web pages, drawn by the server's own snapshotter (the
/// static map API's, with its tile cache) from the view models' pins.
struct PageMaps: Sendable {
    let snapshotter: MapSnapshotter
    /// The moving map's tile layer for each page, read afresh (a tile set's
    /// metadata may change under the server); nil without Leaflet or tiles.
    let movingLayer: @Sendable () -> MovingMapLayer?
    static let width = 640
    static let height = 360
    static let scale = 2

    /// The image tag's values for a map whose PNG is at `source`. A map
    /// with an `action` is clickable: its form carries `fields` and the
    /// view, so the click can be turned into a position. Nil when the map
    /// cannot be drawn (a position beyond Web Mercator's ±85°).
    func pageMap(_ options: MapSnapshotOptions, source: String, alt: String, action: String? = nil, fields: [PageField] = []) -> PageMap? {
        guard let viewport = try? snapshotter.viewport(for: options) else { return nil }
        var fields = fields
        if action != nil, let centre = try? viewport.centre(projection: snapshotter.projection) {
            fields.append(PageField(name: "view", value: PageMapView(centre: centre, zoom: viewport.zoom).parameter))
        }
        return PageMap(
            source: source, alt: alt, width: options.width, height: options.height, action: action, fields: fields, layer: movingLayer())
    }

    /// Where a click on a map drawn at `view` lands.
    func position(of click: PageRequest.Click) throws(NearbyAPIError) -> Coordinate {
        // Browsers send the pixel within the image as drawn (640×360, scaled down only).
        guard click.x <= Double(Self.width), click.y <= Double(Self.height) else { throw .invalidRequest("that click is off the map") }
        do {
            let viewport = try MapViewport(
                center: click.view.centre, zoom: click.view.zoom, width: Self.width, height: Self.height,
                scale: Self.scale, projection: snapshotter.projection)
            return try viewport.coordinate(
                at: PixelPoint(x: click.x * Double(Self.scale), y: click.y * Double(Self.scale)),
                projection: snapshotter.projection)
        } catch {
            throw .invalidRequest("that click is off the map")
        }
    }

    func png(_ options: MapSnapshotOptions, holdsUntil expires: Date?) throws(NearbyAPIError) -> RenderedPage {
        do {
            let png = try snapshotter.snapshot(options).pngData(encoder: PNGEncoder())
            return RenderedPage(body: ByteBuffer(bytes: png), isImage: true, expires: expires)
        } catch {
            throw .invalidRequest("this map cannot be drawn: \(error.localizedDescription)")
        }
    }

    /// A list's map: numbered pins, the person, the circle searched.
    static func list(_ annotations: [Annotation], around position: Coordinate, radius: Double, units: DistanceUnit) -> MapSnapshotOptions {
        .list(of: annotations, around: position, radius: radius, units: units, width: width, height: height, scale: scale)
    }

    /// The detail screen's map: the view model's region and its pin, and the person beside it or an arrow their way.
    static func detail(region: Region, pin: Annotation, user: Coordinate?) -> MapSnapshotOptions {
        .detail(region: region, pin: pin, user: user, width: width, height: 300, scale: scale)
    }
}
