import CCairo

/// The user's position as iOS shows it: a blue dot in a white ring, with a
/// faint blue halo so it reads on any background.
struct UserPositionPainter {
    let scale: Double

    /// The white ring's radius in points; the halo beyond it is faint.
    static let dotRadius = 9.0

    func draw(_ cr: OpaquePointer, at centre: PixelPoint) {
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_arc(cr, centre.x, centre.y, 16 * scale, 0, 2 * .pi)
        cairo_set_source_rgba(cr, 0, 0.478, 1, 0.15)
        cairo_fill(cr)
        cairo_arc(cr, centre.x, centre.y, Self.dotRadius * scale, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
        cairo_arc(cr, centre.x, centre.y, 6.5 * scale, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 0, 0.478, 1)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
