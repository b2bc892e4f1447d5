import Foundation
import NearbyKit
import NearbyViewModels

/// The tile layer of the pages' moving map: nearby's own `/tiles/`, kept to
/// the zooms and box the tiles cover. The server knows it; the page carries
/// it as JSON in `data-layer`, for moving-map.js (Scripts/) to give Leaflet.
public struct MovingMapLayer: Sendable, Equatable, Encodable {
    public var tiles = "/tiles/{z}/{x}/{y}.png"
    public var minZoom: Int
    public var maxZoom: Int
    /// West, south, east, north; nil when the tile set names no box.
    public var bounds: [Double]?
    /// The tile set's credit, as text (the script escapes it for Leaflet's HTML).
    public var attribution: String

    public init(minZoom: Int, maxZoom: Int, bounds: BoundingBox?, attribution: String) {
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude] }
        self.attribution = attribution
    }
}
