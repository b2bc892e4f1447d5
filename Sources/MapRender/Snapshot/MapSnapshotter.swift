import CCairo
import Foundation
import NearbyKit
import Synchronization

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

    /// Renders the map; throws before drawing anything if the options are
    /// invalid. Safe to call from many threads at once: each call has its
    /// own image and its own `warnings`.
    public func snapshot(_ options: MapSnapshotOptions) throws(SnapshotError) -> MapSnapshot {
        var viewport = try options.validatedViewport(projection: projection)
        // One batch through PROJ for every position on the image, in this
        // order: annotations, the user, markers, then each path's points.
        var positions = options.annotations.map(\.coordinate)
        if let user = options.userPosition { positions.append(user) }
        positions += options.markers.map(\.coordinate)
        for path in options.paths { positions += path.points }
        let projected: [MercatorPoint]
        do {
            projected = try projection.project(positions)
            viewport = try zoomedOutForMarkerHeads(viewport, options: options,
                                                   markers: projected.dropFirst(options.annotations.count + (options.userPosition == nil ? 0 : 1)).prefix(options.markers.count))
        } catch {
            throw .projection(error)
        }
        let pixels = projected.map(viewport.pixel(for:))
        var rest = pixels[...]
        let tips = Array(rest.prefix(options.annotations.count))
        rest = rest.dropFirst(options.annotations.count)
        var user: PixelPoint?
        if options.userPosition != nil {
            user = rest.first
            rest = rest.dropFirst()
        }
        let markerTips = Array(rest.prefix(options.markers.count))
        rest = rest.dropFirst(options.markers.count)
        var pathPixels: [[PixelPoint]] = []
        for path in options.paths {
            pathPixels.append(Array(rest.prefix(path.points.count)))
            rest = rest.dropFirst(path.points.count)
        }

        let image = PixelBuffer(width: viewport.pixelWidth, height: viewport.pixelHeight)
        var warnings: [TileWarning] = []
        image.withSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            warnings = drawBasemap(cr, viewport: viewport)
            let paths = PathPainter(scale: Double(options.scale))
            for (path, points) in zip(options.paths, pathPixels) {
                paths.draw(cr, path: path, points: points, imageWidth: viewport.pixelWidth, imageHeight: viewport.pixelHeight)
            }
            drawMarkers(cr, options.markers, tips: markerTips, viewport: viewport)
            drawOverlays(cr, options: options, tips: tips, user: user, viewport: viewport)
        }
        return MapSnapshot(viewport: viewport, image: image, pinTips: tips, userPosition: user,
                           markerTips: markerTips, warnings: warnings)
    }

    /// A fitted map holds its positions, but a marker's head stands up to
    /// 30 points above its position and may be cut at the edge: Google's
    /// fitted maps show whole markers, so this zooms out (a level at a time,
    /// on the same centre) until every head is inside. Pins of annotations
    /// keep the fit they always had.
    private func zoomedOutForMarkerHeads(_ viewport: MapViewport, options: MapSnapshotOptions,
                                         markers: ArraySlice<MercatorPoint>) throws(ProjectionError) -> MapViewport {
        guard case .fitting(let fitted) = options.framing, !markers.isEmpty,
              let centre = Region(fitting: fitted)?.center else { return viewport }
        var candidate = viewport
        while candidate.zoom > 0 {
            let scale = Double(candidate.scale)
            let fits = zip(markers, options.markers).allSatisfy { point, marker in
                let tip = candidate.pixel(for: point)
                let radius = marker.size.headRadius * scale
                return tip.y - radius * (PinPainter.stemLength + 1) >= 0 && tip.x - radius >= 0
                    && tip.x + radius <= Double(candidate.pixelWidth)
            }
            if fits { break }
            candidate = try MapViewport(center: centre, zoom: candidate.zoom - 1, width: candidate.pixelWidth / candidate.scale,
                                        height: candidate.pixelHeight / candidate.scale, scale: candidate.scale, projection: projection)
        }
        return candidate
    }

    /// Renders and writes a PNG in one call; the output directory is checked
    /// first so that a bad path fails before any drawing.
    @discardableResult
    public func writePNG(_ options: MapSnapshotOptions, to url: URL, encoder: PNGEncoder = PNGEncoder()) throws(SnapshotError) -> MapSnapshot {
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
            throw .outputDirectoryMissing(directory)
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw .outputNotWritable(path: url.path, reason: "the directory \(directory) is not writable")
        }
    }

    /// Draws the tiles and returns why any of them is plain land.
    private func drawBasemap(_ cr: OpaquePointer, viewport: MapViewport) -> [TileWarning] {
        let land = BasemapStyle.land
        cairo_set_source_rgb(cr, land.r, land.g, land.b)
        cairo_paint(cr)
        let tileScale = viewport.tileScale
        let visible = viewport.visibleTiles()
        // Decoding is most of a cold snapshot's time and each tile is
        // independent: read them on every core first, then draw in order.
        // The results are held here, not looked up again, so that the shared
        // cache may evict a tile meanwhile without this image losing it.
        let keys = visible.map(\.key)
        let results = Mutex([Result<PixelBuffer, TileWarning>?](repeating: nil, count: keys.count))
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            let result = tiles.lookup(keys[index])
            results.withLock { $0[index] = result }
        }
        let loaded = results.withLock { $0 }
        var warnings: [TileWarning] = []
        for ((key, x, y), result) in zip(visible, loaded) {
            let tile: PixelBuffer
            switch result ?? tiles.lookup(key) {
            case .success(let pixels):
                tile = pixels
            case .failure(let warning):
                // Columns repeat around the antimeridian at low zooms: say each tile once.
                if !warnings.contains(where: { $0.tile == warning.tile }) { warnings.append(warning) }
                continue
            }
            // Other tile sets (`--tiles DIR`) may have 512-pixel tiles: a
            // tile always covers 256 × tileScale image pixels, whatever its size.
            let factor = tileScale * 256 / Double(max(tile.width, 1))
            tile.withSurface { surface in
                cairo_save(cr)
                cairo_translate(cr, x, y)
                cairo_scale(cr, factor, factor)
                cairo_set_source_surface(cr, surface, 0, 0)
                // At 1:1 the tile is copied pixel for pixel; otherwise (3×,
                // other tile sizes) it is resampled smoothly.
                cairo_pattern_set_filter(cairo_get_source(cr), factor == 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
                cairo_rectangle(cr, 0, 0, Double(tile.width), Double(tile.height))
                cairo_fill(cr)
                cairo_restore(cr)
            }
        }
        return warnings
    }

    /// A static map's pins, southern ones over northern ones; a pin wholly
    /// off the image is skipped (and cairo never sees its far coordinates).
    private func drawMarkers(_ cr: OpaquePointer, _ markers: [MapMarker], tips: [PixelPoint], viewport: MapViewport) {
        let scale = Double(viewport.scale)
        let painter = PinPainter(scale: scale)
        let order = markers.indices.sorted { a, b in tips[a].y != tips[b].y ? tips[a].y < tips[b].y : a < b }
        for index in order {
            let marker = markers[index], tip = tips[index]
            let radius = marker.size.headRadius * scale
            // The pin reaches (stem + 1) radii up and its shadow about as far right.
            let reach = radius * (PinPainter.stemLength + 2)
            guard tip.x > -reach, tip.x < Double(viewport.pixelWidth) + reach,
                  tip.y > -reach, tip.y < Double(viewport.pixelHeight) + reach else { continue }
            painter.draw(cr, tip: tip, radius: radius, colour: marker.color,
                         label: marker.size.showsLabel ? marker.label : nil)
        }
    }

    private func drawOverlays(_ cr: OpaquePointer, options: MapSnapshotOptions, tips: [PixelPoint],
                              user: PixelPoint?, viewport: MapViewport) {
        let scale = Double(options.scale)
        if let user {
            UserPositionPainter(scale: scale).draw(cr, at: user)
        }
        // Southern pins overlap northern ones, as on a real map; the selected
        // pin and its label go on top of everything.
        let order = options.annotations.indices.sorted { a, b in
            let sa = options.annotations[a].isSelected, sb = options.annotations[b].isSelected
            if sa != sb { return !sa }
            if tips[a].y != tips[b].y { return tips[a].y < tips[b].y }
            return a < b
        }
        let pins = PinPainter(scale: scale)
        let labels = LabelPainter(scale: scale)
        for index in order {
            let annotation = options.annotations[index]
            pins.draw(cr, tip: tips[index], colour: annotation.category.pinColor, selected: annotation.isSelected)
        }
        for index in order where options.annotations[index].isSelected && !options.annotations[index].title.isEmpty {
            let tip = tips[index]
            let top = PixelPoint(x: tip.x, y: tip.y - pins.height(selected: true))
            labels.drawLabel(cr, text: options.annotations[index].title, above: top, imageWidth: Double(viewport.pixelWidth))
        }
        labels.drawAttribution(cr, tiles.attribution.text, imageWidth: Double(viewport.pixelWidth), imageHeight: Double(viewport.pixelHeight))
    }
}
