import CCairo
import Foundation
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

    /// Renders the map; throws before drawing anything if the options are invalid.
    public func snapshot(_ options: MapSnapshotOptions) throws(SnapshotError) -> MapSnapshot {
        let region = try options.validatedRegion()
        let viewport: MapViewport
        let projected: [MercatorPoint]
        do {
            viewport = try MapViewport(region: region, width: options.width, height: options.height,
                                       scale: options.scale, projection: projection)
            // One batch through PROJ for every position on the image.
            projected = try projection.project(options.annotations.map(\.coordinate) + (options.userPosition.map { [$0] } ?? []))
        } catch {
            throw .projection(error)
        }
        let tips = projected.prefix(options.annotations.count).map(viewport.pixel(for:))
        let user = options.userPosition == nil ? nil : projected.last.map(viewport.pixel(for:))

        let image = PixelBuffer(width: viewport.pixelWidth, height: viewport.pixelHeight)
        var landOnly: [TileKey] = []
        image.withSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            landOnly = drawBasemap(cr, viewport: viewport)
            drawOverlays(cr, options: options, tips: tips, user: user, viewport: viewport)
        }
        return MapSnapshot(viewport: viewport, image: image, pinTips: Array(tips), userPosition: user, landOnlyTiles: landOnly)
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

    private func drawBasemap(_ cr: OpaquePointer, viewport: MapViewport) -> [TileKey] {
        let land = BasemapStyle.land
        cairo_set_source_rgb(cr, land.r, land.g, land.b)
        cairo_paint(cr)
        var landOnly: [TileKey] = []
        let tileScale = viewport.tileScale
        let visible = viewport.visibleTiles()
        // Decoding is most of a cold snapshot's time and each tile is
        // independent: read them on every core first, then draw in order.
        let keys = visible.map(\.key)
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            _ = tiles.tile(keys[index])
        }
        for (key, x, y) in visible {
            guard let tile = tiles.tile(key) else {
                landOnly.append(key)
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
        return landOnly
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
        labels.drawAttribution(cr, imageWidth: Double(viewport.pixelWidth), imageHeight: Double(viewport.pixelHeight))
    }
}
