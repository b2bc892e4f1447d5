import CCairo
import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// The layers a snapshot is drawn in, bottom up: the basemap, the search circle, markers, pins and the selected place's name.
extension MapSnapshotter {
    /// Draws the tiles, each without the names that overlap `clearance`
    /// (`TileSource.lookup(_:clearOf:)`), and returns why any of them is plain land.
    func drawBasemap(_ cr: OpaquePointer, viewport: MapViewport, clearOf clearance: LabelClearance = .none) -> [TileWarning] {
        // Every pixel is set here, whatever the image held (its memory is
        // not cleared first).
        let land = BasemapStyle.land
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cr, land.r, land.g, land.b)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        let tileScale = viewport.tileScale
        let visible = viewport.visibleTiles()
        // Decoding is most of a cold snapshot's time and each tile is
        // independent: read them on every core first, then draw in order.
        // The results are held here, not looked up again, so that the shared
        // cache may evict a tile meanwhile without this image losing it.
        let keys = visible.map(\.key)
        let results = NIOLockedValueBox([Result<PixelBuffer, TileWarning>?](repeating: nil, count: keys.count))
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            let result = tiles.lookup(keys[index], clearOf: clearance)
            results.withLockedValue { $0[index] = result }
        }
        let loaded = results.withLockedValue { $0 }
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

    /// The search circle: a light fill and a thin rim, under every pin,
    /// clipped near the image first (a wide circle on a close map runs far
    /// past what cairo's fixed-point coordinates hold).
    func drawSearchCircle(_ cr: OpaquePointer, _ outline: [PixelPoint], scale: Double, viewport: MapViewport) {
        guard let first = outline.first else { return }
        let clipping = PixelClipping(width: viewport.pixelWidth, height: viewport.pixelHeight, margin: 4 * scale)
        cairo_save(cr)
        let area = clipping.clip(polygon: outline)
        if area.count >= 3 {
            PathPainter.trace(cr, area: area)
            cairo_set_source_rgba(cr, 0, 0.478, 1, 0.07)
            cairo_fill(cr)
        }
        PathPainter.trace(cr, runs: clipping.clip(polyline: outline + [first]))
        cairo_set_source_rgba(cr, 0, 0.478, 1, 0.55)
        cairo_set_line_width(cr, 1.5 * scale)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Ground metres per image pixel along the parallel through the map's
    /// centre: a geodesic of known length (PROJ) measured in pixels.
    func metresPerPixel(_ viewport: MapViewport) -> Double {
        guard let centre = try? projection.unproject(viewport.centreMetres) else { return .nan }
        let metres = 1000.0
        let east = Geodesic.destination(from: centre, azimuth: 90, metres: metres)
        guard let ends = try? projection.project([centre, east]) else { return .nan }
        let pixels = viewport.pixel(for: ends[1]).x - viewport.pixel(for: ends[0]).x
        return pixels > 0 ? metres / pixels : .nan
    }

    /// A static map's pins, southern ones over northern ones; a pin wholly
    /// off the image is skipped (and cairo never sees its far coordinates).
    func drawMarkers(
        _ cr: OpaquePointer, _ markers: [MapMarker], tips: [PixelPoint], except clustered: Set<Int>,
        pins painter: PinPainter, viewport: MapViewport
    ) {
        let scale = Double(viewport.scale)
        let order = markers.indices.sorted { a, b in tips[a].y != tips[b].y ? tips[a].y < tips[b].y : a < b }
        for index in order where !clustered.contains(index) {
            let marker = markers[index], tip = tips[index]
            let radius = marker.size.headRadius * scale
            // The pin reaches (stem + 1) radii up and its shadow about as far right.
            let reach = radius * (PinPainter.stemLength + 2)
            guard tip.x > -reach, tip.x < Double(viewport.pixelWidth) + reach,
                tip.y > -reach, tip.y < Double(viewport.pixelHeight) + reach
            else { continue }
            painter.draw(
                cr, tip: tip, radius: radius, colour: marker.color,
                label: marker.size.showsLabel ? marker.label.map { String($0) } : nil)
        }
    }

    func drawAnnotations(
        _ cr: OpaquePointer, options: MapSnapshotOptions, tips: [PixelPoint], except clustered: Set<Int>,
        pins: PinPainter
    ) {
        // Southern pins overlap northern ones, as on a real map; the selected
        // pin goes over the others.
        let order = options.annotations.indices.sorted { a, b in
            let sa = options.annotations[a].isSelected, sb = options.annotations[b].isSelected
            if sa != sb { return !sa }
            if tips[a].y != tips[b].y { return tips[a].y < tips[b].y }
            return a < b
        }
        for index in order where !clustered.contains(index) {
            let annotation = options.annotations[index]
            pins.draw(cr, tip: tips[index], colour: annotation.category.pinColor, selected: annotation.isSelected, label: annotation.label)
        }
    }

    /// A selected place's name in its bubble, and where it goes.
    struct PlacedTitle {
        let index: Int
        let bubble: LabelPainter.Bubble
        let box: CollisionGrid.Box
    }

    /// Where the selected places' names go in bubbles (`OverlayLabelLayout`),
    /// drawn over everything else, by annotation, and how many found no
    /// room. A selected pin inside a cluster has no pin of its own to name,
    /// so its bubble counts as dropped.
    func layOutTitles(
        _ cr: OpaquePointer, options: MapSnapshotOptions, tips: [PixelPoint], except clustered: Set<Int>,
        obstacles: [CollisionGrid.Box], viewport: MapViewport
    ) -> (placed: [PlacedTitle], dropped: Int) {
        let scale = Double(options.scale)
        let pins = PinPainter(scale: scale)
        let painter = LabelPainter(scale: scale)
        var layout = OverlayLabelLayout(
            imageWidth: Double(viewport.pixelWidth), imageHeight: Double(viewport.pixelHeight),
            scale: scale, obstacles: obstacles)
        var placed: [PlacedTitle] = [], dropped = 0
        for (index, annotation) in options.annotations.enumerated() where annotation.isSelected && !annotation.title.isEmpty {
            guard !clustered.contains(index) else {
                dropped += 1
                continue
            }
            let bubble = painter.bubble(cr, for: annotation.title)
            // The box counts the bubble's shadow, a point down and right.
            let request = OverlayLabelLayout.Request(
                tip: tips[index], headRadius: pins.headRadius(selected: true),
                pinHeight: pins.height(selected: true),
                width: bubble.width + scale, height: bubble.height + scale)
            guard let box = layout.place(request) else {
                dropped += 1
                continue
            }
            placed.append(PlacedTitle(index: index, bubble: bubble, box: box))
        }
        return (placed, dropped)
    }
}
