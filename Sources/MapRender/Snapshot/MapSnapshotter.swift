import CCairo
import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// Draws map images: basemap tiles, pins, the user's position and the
/// attribution, onto a cairo surface, ready to encode as PNG. One snapshotter
/// (and so one PROJ transform and one tile cache) serves many images.
public final class MapSnapshotter: Sendable {
    public let tiles: TileSource
    public let projection: WebMercatorProjection

    public init(tiles: TileSource, projection: WebMercatorProjection? = nil) throws(SnapshotError) {
        self.tiles = tiles
        if let projection {
            self.projection = projection
        } else {
            do {
                self.projection = try WebMercatorProjection()
            } catch {
                throw .projection(error)
            }
        }
    }

    /// Where the map of `options` would stand, without drawing it: what a
    /// page needs to turn a click on the image into a position.
    public func viewport(for options: MapSnapshotOptions) throws(SnapshotError) -> MapViewport {
        try options.validatedViewport(projection: projection)
    }

    /// The tiles the map of `options` shows.
    public func tileKeys(for options: MapSnapshotOptions) throws(SnapshotError) -> [TileKey] {
        try options.validatedViewport(projection: projection).visibleTiles().map(\.key)
    }

    /// A digest of the basemap under the map of `options`: each tile it shows
    /// (`TileSource.digest(of:)`, read and decoded now if they are not kept,
    /// as drawing would) and the credit drawn on it. Two maps of the same
    /// options have the same pixels when their digests are equal.
    public func basemapDigest(_ options: MapSnapshotOptions) throws(SnapshotError) -> UInt64 {
        let keys = try tileKeys(for: options)
        let digests = NIOLockedValueBox([UInt64](repeating: 0, count: keys.count))
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            let digest = tiles.digest(of: keys[index])
            digests.withLockedValue { $0[index] = digest }
        }
        var hash = FNV1a()
        hash.combine(tiles.attribution.text.utf8)
        // Tiles drawn again without the names under the pins come from the basemap's extract as it is now.
        hash.combine(tiles.onDemand?.generation ?? 0)
        for digest in digests.withLockedValue({ $0 }) { hash.combine(digest) }
        return hash.value
    }

    /// Renders the map; throws before drawing anything if the options are
    /// invalid. Safe to call from many threads at once: each call has its
    /// own image and its own `warnings`.
    public func snapshot(_ options: MapSnapshotOptions) throws(SnapshotError) -> MapSnapshot {
        let viewport = try options.validatedViewport(projection: projection)
        let projected = try overlayPixels(options, viewport: viewport)
        let places = projected.places, user = projected.user, markerPlaces = projected.markers
        let scale = Double(options.scale)
        let spreading = PinSpreading(
            gap: 2 * scale, clusterRadius: PinPainter.clusterRadius * scale,
            imageWidth: Double(viewport.pixelWidth), imageHeight: Double(viewport.pixelHeight))
        let pins = PinPainter(scale: scale)
        let placement = spreading.place(
            zip(places, options.annotations).map { place, annotation in
                .init(tip: place, headRadius: pins.headRadius(selected: annotation.isSelected))
            })
        let markerPlacement = spreading.place(
            zip(markerPlaces, options.markers).map { place, marker in
                .init(tip: place, headRadius: marker.size.headRadius * scale)
            })
        let tips = placement.tips, markerTips = markerPlacement.tips
        let person = UserPositionPainter(scale: scale)
        let userArrow = user.flatMap {
            person.arrow(to: $0, imageWidth: Double(viewport.pixelWidth), imageHeight: Double(viewport.pixelHeight))
        }

        let image = PixelBuffer(width: viewport.pixelWidth, height: viewport.pixelHeight, zeroed: false)
        var warnings: [TileWarning] = []
        var labels = (placed: [Int: CollisionGrid.Box](), dropped: 0)
        image.withSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            // Where every pin, cluster, bubble and the person will stand is known
            // before anything is drawn, so that the basemap's names keep out of them.
            let obstacles = labelObstacles(
                options, placement: placement, markerPlacement: markerPlacement, user: userArrow == nil ? user : userArrow?.centre,
                pins: pins, scale: scale)
            let titles = layOutTitles(
                cr, options: options, tips: tips, except: placement.clustered, obstacles: obstacles, viewport: viewport)
            warnings = drawBasemap(
                cr, viewport: viewport, clearOf: labelClearance(obstacles + titles.placed.map(\.box), viewport: viewport))
            drawSearchCircle(cr, projected.circle, scale: scale, viewport: viewport)
            let paths = PathPainter(scale: Double(options.scale))
            for (path, points) in zip(options.paths, projected.paths) {
                paths.draw(cr, path: path, points: points, imageWidth: viewport.pixelWidth, imageHeight: viewport.pixelHeight)
            }
            // Worked out once: each is a set built from the clusters' members.
            let clustered = placement.clustered, markersClustered = markerPlacement.clustered
            let markerColours = options.markers.map(\.color)
            pins.drawLeaders(cr, from: markerPlaces, placement: markerPlacement, colours: markerColours)
            drawMarkers(cr, options.markers, tips: markerTips, except: markersClustered, pins: pins, viewport: viewport)
            pins.drawClusters(cr, markerPlacement.clusters)
            pins.drawLeaders(cr, from: places, placement: placement, colours: options.annotations.map { MapColor($0.category.pinColor) })
            drawAnnotations(cr, options: options, tips: tips, except: clustered, pins: pins)
            pins.drawClusters(cr, placement.clusters)
            // The person over every pin and cluster: where they are is what the map is read from.
            if let arrow = userArrow {
                person.draw(cr, arrow)
            } else if let user {
                person.draw(cr, at: user)
            }
            let painter = LabelPainter(scale: scale)
            for title in titles.placed { painter.draw(cr, title.bubble, left: title.box.minX, top: title.box.minY) }
            labels = (Dictionary(uniqueKeysWithValues: titles.placed.map { ($0.index, $0.box) }), titles.dropped)
            if let unit = options.scaleBar {
                ScaleBarPainter(scale: scale).draw(
                    cr, metresPerPixel: metresPerPixel(viewport), unit: unit,
                    imageHeight: Double(viewport.pixelHeight))
            }
            LabelPainter(scale: scale).drawAttribution(
                cr, tiles.attribution.text, imageWidth: Double(viewport.pixelWidth),
                imageHeight: Double(viewport.pixelHeight))
        }
        return MapSnapshot(
            viewport: viewport, image: image, pinTips: tips, userPosition: user, userArrow: userArrow,
            markerTips: markerTips, clusters: placement.clusters, markerClusters: markerPlacement.clusters,
            spreadPins: placement.spread(from: places), titleBoxes: labels.placed, droppedTitles: labels.dropped,
            warnings: warnings)
    }

    /// Where each overlay stands on the image, projected in one batch through PROJ.
    struct OverlayPixels {
        var places: [PixelPoint] = []
        var user: PixelPoint?
        var markers: [PixelPoint] = []
        var paths: [[PixelPoint]] = []
        var circle: [PixelPoint] = []
    }

    /// One batch through PROJ for every position on the image, in this
    /// order: annotations, the user, markers, each path's points, then the search circle's outline.
    func overlayPixels(_ options: MapSnapshotOptions, viewport: MapViewport) throws(SnapshotError) -> OverlayPixels {
        var positions = options.annotations.map(\.coordinate)
        if let user = options.userPosition { positions.append(user) }
        positions += options.markers.map(\.coordinate)
        for path in options.paths { positions += path.points }
        let circle = options.searchCircle?.outline() ?? []
        positions += circle
        let projected: [MercatorPoint]
        do {
            projected = try projection.project(positions)
        } catch {
            throw .projection(error)
        }
        var rest = projected.map(viewport.pixel(for:))[...]
        func take(_ count: Int) -> [PixelPoint] {
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
        var pixels = OverlayPixels()
        pixels.places = take(options.annotations.count)
        if options.userPosition != nil { pixels.user = take(1).first }
        pixels.markers = take(options.markers.count)
        pixels.paths = options.paths.map { take($0.points.count) }
        pixels.circle = take(circle.count)
        return pixels
    }

    /// Image boxes as the basemap's boxes at the zoom of its tiles: world pixels of `tileZoom`.
    func labelClearance(_ boxes: [OverlayLabelLayout.Box], viewport: MapViewport) -> LabelClearance {
        let origin = viewport.origin, scale = viewport.tileScale
        return LabelClearance(
            boxes: boxes.map { box in
                CollisionGrid.Box(
                    minX: (box.minX + origin.x) / scale, minY: (box.minY + origin.y) / scale,
                    maxX: (box.maxX + origin.x) / scale, maxY: (box.maxY + origin.y) / scale)
            })
    }

    /// What the selected place's name must not cover: clusters, the pins and markers standing alone, the user's dot.
    func labelObstacles(
        _ options: MapSnapshotOptions, placement: PinPlacement, markerPlacement: PinPlacement,
        user: PixelPoint?, pins: PinPainter, scale: Double
    ) -> [OverlayLabelLayout.Box] {
        let clustered = placement.clustered, markersClustered = markerPlacement.clustered
        let tips = placement.tips, markerTips = markerPlacement.tips
        var obstacles =
            placement.clusters.map { OverlayLabelLayout.disc(centre: $0.centre, radius: $0.radius) }
            + markerPlacement.clusters.map { OverlayLabelLayout.disc(centre: $0.centre, radius: $0.radius) }
        obstacles += options.annotations.indices.filter { !clustered.contains($0) }.map { index in
            let selected = options.annotations[index].isSelected
            return OverlayLabelLayout.pinBox(
                tip: tips[index], headRadius: pins.headRadius(selected: selected),
                height: pins.height(selected: selected))
        }
        obstacles += options.markers.indices.filter { !markersClustered.contains($0) }.map { index in
            let radius = options.markers[index].size.headRadius * scale
            return OverlayLabelLayout.pinBox(tip: markerTips[index], headRadius: radius, height: radius * (PinPainter.stemLength + 1))
        }
        if let user { obstacles.append(OverlayLabelLayout.disc(centre: user, radius: UserPositionPainter.dotRadius * scale)) }
        return obstacles
    }

    /// Renders and writes a PNG in one call; the output directory is checked
    /// first so that a bad path fails before any drawing.
    @discardableResult
    public func writePNG(_ options: MapSnapshotOptions, to url: URL, encoder: PNGEncoder = PNGEncoder()) throws(SnapshotError)
        -> MapSnapshot
    {
        try Self.checkWritable(url)
        let snapshot = try snapshot(options)
        try snapshot.writePNG(to: url, encoder: encoder)
        return snapshot
    }

    static func checkWritable(_ url: URL) throws(SnapshotError) {
        // A FIFO or a device (/dev/stdout) is written in place; through a
        // link, the new file goes beside the link's target.
        var info = stat()
        if stat(url.path, &info) == 0, [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT) { return }
        let directory = url.resolvingSymlinksInPath().deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .output(.directoryMissing(directory))
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw .output(.cannotCreate(url.path, reason: "the directory \(directory) is not writable"))
        }
    }

}
