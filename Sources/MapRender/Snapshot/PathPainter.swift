import CCairo

/// Draws a static map's paths: a polygon's fill first, then its outline,
/// with round joins and caps as Google's lines have.
struct PathPainter {
    let scale: Double

    /// `points` are the path's vertices in image pixels.
    func draw(_ cr: OpaquePointer, path: MapPath, points: [PixelPoint], imageWidth: Int, imageHeight: Int) {
        let width = Double(path.weight) * scale
        let clipping = PixelClipping(width: imageWidth, height: imageHeight, margin: width + 4)
        cairo_save(cr)
        if let fill = path.fillColor, points.count >= 3 {
            let polygon = clipping.clip(polygon: points)
            if polygon.count >= 3 {
                Self.trace(cr, area: polygon)
                setSource(cr, fill)
                // Even-odd, as a self-crossing outline is filled on Google's maps.
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_fill(cr)
            }
        }
        if width > 0, path.color.alpha > 0 {
            // A filled path is a closed area: its outline returns to the start.
            let outline = path.fillColor != nil && points.count >= 3 ? points + [points[0]] : points
            Self.trace(cr, runs: clipping.clip(polyline: outline))
            setSource(cr, path.color)
            cairo_set_line_width(cr, width)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// A new cairo path around a clipped polygon, closed.
    static func trace(_ cr: OpaquePointer, area polygon: [PixelPoint]) {
        cairo_new_path(cr)
        cairo_move_to(cr, polygon[0].x, polygon[0].y)
        for point in polygon.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
    }

    /// A new cairo path along a clipped polyline's runs.
    static func trace(_ cr: OpaquePointer, runs: [[PixelPoint]]) {
        cairo_new_path(cr)
        for run in runs {
            cairo_move_to(cr, run[0].x, run[0].y)
            for point in run.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        }
    }

    private func setSource(_ cr: OpaquePointer, _ colour: MapColor) {
        cairo_set_source_rgba(
            cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
            Double(colour.alpha) / 255)
    }
}
