import CCairo
import Foundation

/// A name placed on one zoom's world: each piece of text (a whole name, or
/// one character of a street's name following its curve) with its origin
/// on the baseline and its angle, in world pixels. Placed once for the
/// whole extract, so that tiles on both sides of a border draw the same
/// label, whole, and no two labels anywhere overlap.
struct PlacedLabel: Hashable, Sendable {
    struct Piece: Hashable, Sendable {
        let text: String
        let x: Double
        let y: Double
        let angle: Double
    }

    let name: String
    let style: LabelStyle
    let pieces: [Piece]
    /// The boxes it claims (one per piece, with the halo), and their union.
    let boxes: [CollisionGrid.Box]
    let bounds: CollisionGrid.Box

    init(name: String, style: LabelStyle, pieces: [Piece], boxes: [CollisionGrid.Box]) {
        self.name = name
        self.style = style
        self.pieces = pieces
        self.boxes = boxes
        bounds = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
    }

    /// Draws the label onto a surface whose top-left corner is the world
    /// pixel (`originX`, `originY`): the halo first, then the letters.
    func draw(_ cr: OpaquePointer, originX: Double, originY: Double) {
        cairo_save(cr)
        style.select(on: cr)
        cairo_new_path(cr)
        for piece in pieces {
            cairo_save(cr)
            cairo_translate(cr, piece.x - originX, piece.y - originY)
            cairo_rotate(cr, piece.angle)
            cairo_move_to(cr, 0, 0)
            cairo_text_path(cr, piece.text)
            cairo_restore(cr)
        }
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_width(cr, 2 * style.halo)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke_preserve(cr)
        let colour = style.colour
        cairo_set_source_rgb(cr, Double((colour >> 16) & 0xFF) / 255, Double((colour >> 8) & 0xFF) / 255, Double(colour & 0xFF) / 255)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
