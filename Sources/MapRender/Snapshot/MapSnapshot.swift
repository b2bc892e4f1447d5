import Foundation

/// A rendered map: its pixels, where everything landed, and which tiles it
/// had to draw as plain land.
public struct MapSnapshot: Sendable {
    public let viewport: MapViewport
    public let image: PixelBuffer
    /// Each annotation's tip in image pixels, in the order given.
    public let pinTips: [PixelPoint]
    /// Where the user is in image pixels, on the image or off it.
    public let userPosition: PixelPoint?
    /// The arrow drawn at the edge instead of the dot, when the user is off the image.
    public let userArrow: UserArrow?
    /// Each `MapSnapshotOptions.markers` pin's tip in image pixels, in the order given.
    public let markerTips: [PixelPoint]
    /// Markers standing for annotations, or for static-map markers, that
    /// could not be drawn apart (`PinSpreading`).
    public let clusters: [PinCluster]
    public let markerClusters: [PinCluster]
    /// How many annotations stand on a ring away from their places.
    public let spreadPins: Int
    /// Where each selected annotation's name bubble went, by annotation index.
    let titleBoxes: [Int: CollisionGrid.Box]
    /// Selected annotations whose name found no room clear of the pins,
    /// the user's dot and the other names (`OverlayLabelLayout`), so was left out.
    public let droppedTitles: Int
    /// Why tiles of this image are plain land (missing, unreadable, too
    /// large), one per tile. They belong to this snapshot alone, however
    /// many snapshots share the tile source.
    public let warnings: [TileWarning]

    /// Tiles missing from the tile set (and not drawn on demand).
    public var landOnlyTiles: [TileKey] { warnings.map(\.tile) }

    init(
        viewport: MapViewport, image: PixelBuffer, pinTips: [PixelPoint], userPosition: PixelPoint?, userArrow: UserArrow? = nil,
        markerTips: [PixelPoint] = [], clusters: [PinCluster] = [], markerClusters: [PinCluster] = [],
        spreadPins: Int = 0, titleBoxes: [Int: CollisionGrid.Box] = [:], droppedTitles: Int = 0, warnings: [TileWarning] = []
    ) {
        self.viewport = viewport
        self.image = image
        self.pinTips = pinTips
        self.userPosition = userPosition
        self.userArrow = userArrow
        self.markerTips = markerTips
        self.clusters = clusters
        self.markerClusters = markerClusters
        self.spreadPins = spreadPins
        self.titleBoxes = titleBoxes
        self.droppedTitles = droppedTitles
        self.warnings = warnings
    }

    /// The image as PNG bytes (8-bit RGB).
    public func pngData(encoder: PNGEncoder = PNGEncoder()) throws(SnapshotError) -> [UInt8] {
        do {
            return try encoder.encode(image)
        } catch {
            throw SnapshotError(error)
        }
    }

    /// Encodes, then writes atomically: on any failure no file (and no
    /// partial file) is left at `url`.
    public func writePNG(to url: URL, encoder: PNGEncoder = PNGEncoder()) throws(SnapshotError) {
        try MapSnapshotter.checkWritable(url)
        let bytes = try pngData(encoder: encoder)
        do {
            try AtomicFileWriter.write(bytes, to: url)
        } catch {
            throw SnapshotError(error)
        }
    }
}
