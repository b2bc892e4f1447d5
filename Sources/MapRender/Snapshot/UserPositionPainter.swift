import CCairo
import Foundation

/// The user's position as iOS shows it: a blue dot in a white ring, with a
/// faint blue halo so it reads on any background; a person off the image
/// is a blue arrow at the edge, pointing their way.
struct UserPositionPainter {
    let scale: Double

    /// The white ring's radius in points; the halo beyond it is faint.
    static let dotRadius = 9.0
    /// The arrow's length in points, from its back to its point.
    static let arrowLength = 22.0
    static let blue = (red: 0.0, green: 0.478, blue: 1.0)

    func draw(_ cr: OpaquePointer, at centre: PixelPoint) {
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_arc(cr, centre.x, centre.y, 16 * scale, 0, 2 * .pi)
        cairo_set_source_rgba(cr, Self.blue.red, Self.blue.green, Self.blue.blue, 0.15)
        cairo_fill(cr)
        cairo_arc(cr, centre.x, centre.y, Self.dotRadius * scale, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
        cairo_arc(cr, centre.x, centre.y, 6.5 * scale, 0, 2 * .pi)
        cairo_set_source_rgb(cr, Self.blue.red, Self.blue.green, Self.blue.blue)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Where the arrow for a person at `user` stands, or nil when the dot
    /// itself is on the image: on the line from the image's centre to the
    /// person, where it meets a frame inside the edges (clear of the credit
    /// and the scale bar at the bottom), pointing at the person.
    func arrow(to user: PixelPoint, imageWidth: Double, imageHeight: Double) -> UserArrow? {
        let dot = Self.dotRadius * scale
        guard user.x < dot || user.y < dot || user.x > imageWidth - dot || user.y > imageHeight - dot else { return nil }
        let inset = (Self.arrowLength / 2 + 4) * scale
        let bottom = imageHeight - max(LabelPainter.attributionHeight, ScaleBarPainter.height) * scale - inset
        let centre = PixelPoint(x: imageWidth / 2, y: imageHeight / 2)
        let dx = user.x - centre.x, dy = user.y - centre.y
        let halfWide = max(imageWidth / 2 - inset, 1), up = max(centre.y - inset, 1), down = max(bottom - centre.y, 1)
        // The frame's side the line leaves by.
        let across = abs(dx) / halfWide, along = dy < 0 ? -dy / up : dy / down
        let reach = max(across, along)
        let side: UserArrow.Side = across >= along ? (dx < 0 ? .left : .right) : (dy < 0 ? .top : .bottom)
        let point = PixelPoint(x: centre.x + dx / reach, y: centre.y + dy / reach)
        return UserArrow(centre: point, angle: atan2(dy, dx), side: side)
    }

    /// An arrow head pointing along its angle, blue with a white edge.
    func draw(_ cr: OpaquePointer, _ arrow: UserArrow) {
        let length = Self.arrowLength * scale
        cairo_save(cr)
        cairo_translate(cr, arrow.centre.x, arrow.centre.y)
        cairo_rotate(cr, arrow.angle)
        cairo_new_path(cr)
        cairo_move_to(cr, length / 2, 0)
        cairo_line_to(cr, -length / 2, -length * 0.42)
        cairo_line_to(cr, -length * 0.25, 0)
        cairo_line_to(cr, -length / 2, length * 0.42)
        cairo_close_path(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 3 * scale)
        cairo_stroke_preserve(cr)
        cairo_set_source_rgb(cr, Self.blue.red, Self.blue.green, Self.blue.blue)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// The arrow at a map's edge that says which way the person is, when they
/// are off the image.
public struct UserArrow: Hashable, Sendable {
    public enum Side: Hashable, Sendable {
        case top, bottom, left, right
    }

    /// The arrow's middle, in image pixels.
    public let centre: PixelPoint
    /// Its direction in radians, clockwise from east (the image's y grows down).
    public let angle: Double
    /// The edge it stands by.
    public let side: Side
}
