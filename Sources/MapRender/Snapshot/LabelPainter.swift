import CCairo
import Foundation

/// Text on the map: the selected place's name in a white bubble above its
/// pin, and the attribution line every image must carry.
struct LabelPainter {
    let scale: Double

    static let fontFamily = "DejaVu Sans"
    static let maximumCharacters = 40
    /// A label's box and its gap above the pin, in points.
    static let labelHeight = 13.0 + 2 * 5 + 4
    /// The credit's box at its largest size, in points.
    static let attributionHeight = 10.0 + 2 * 3

    /// A name as its bubble shows it, and the bubble's size in pixels.
    struct Bubble {
        var text: String
        var width: Double
        var height: Double
        fileprivate var extents: cairo_text_extents_t
    }

    func bubble(_ cr: OpaquePointer, for name: String) -> Bubble {
        // A name is a label, not a paragraph: long ones end in an ellipsis.
        let text =
            name.count > Self.maximumCharacters
            ? name.prefix(Self.maximumCharacters - 1).trimmingCharacters(in: .whitespaces) + "…"
            : name
        cairo_save(cr)
        setFont(cr, size: 13 * scale, bold: true)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        cairo_restore(cr)
        let padding = 5 * scale
        return Bubble(text: text, width: extents.x_advance + 2 * padding, height: 13 * scale + 2 * padding, extents: extents)
    }

    /// Draws the bubble with its top left corner at (`left`, `top`).
    func draw(_ cr: OpaquePointer, _ bubble: Bubble, left: Double, top: Double) {
        cairo_save(cr)
        let padding = 5 * scale
        roundedRectangle(cr, x: left + scale, y: top + scale, width: bubble.width, height: bubble.height, radius: 5 * scale)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.18)
        cairo_fill(cr)
        roundedRectangle(cr, x: left, y: top, width: bubble.width, height: bubble.height, radius: 5 * scale)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.3)
        cairo_set_line_width(cr, max(1, 0.5 * scale))
        cairo_stroke(cr)

        setFont(cr, size: 13 * scale, bold: true)
        cairo_set_source_rgb(cr, 0.13, 0.13, 0.13)
        cairo_move_to(cr, left + padding - bubble.extents.x_bearing, top + padding + 10.5 * scale)
        cairo_show_text(cr, bubble.text)
        cairo_restore(cr)
    }

    /// The tile set's credit in the bottom-right corner. A long one is set
    /// smaller, down to 7 points, and then cut with an ellipsis so that it
    /// stays inside the image.
    func drawAttribution(_ cr: OpaquePointer, _ attribution: String, imageWidth: Double, imageHeight: Double) {
        cairo_save(cr)
        let padding = 3 * scale
        var text = attribution
        var extents = cairo_text_extents_t()
        func measure(size: Double) {
            setFont(cr, size: size * scale, bold: false)
            cairo_text_extents(cr, text, &extents)
        }
        let room = imageWidth - 2 * padding
        var size = 10.0
        measure(size: size)
        while extents.x_advance > room, size > 7 {
            size -= 1
            measure(size: size)
        }
        while extents.x_advance > room, text.count > 1 {
            text = String(text.dropLast(text.hasSuffix("…") ? 2 : 1)) + "…"
            measure(size: size)
        }
        let width = extents.x_advance + 2 * padding
        let height = 10 * scale + 2 * padding
        cairo_rectangle(cr, imageWidth - width, imageHeight - height, width, height)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.75)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
        cairo_move_to(cr, imageWidth - width + padding, imageHeight - padding - 2 * scale)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }

    private func setFont(_ cr: OpaquePointer, size: Double, bold: Bool) {
        cairo_select_font_face(cr, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        Self.setStableFontOptions(cr)
    }

    static func setStableFontOptions(_ cr: OpaquePointer) {
        // Grey anti-aliasing and no hinting: the same glyph pixels whatever
        // the desktop's font settings, which byte-identical output needs.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    private func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, .pi / 2)
        cairo_arc(cr, x + radius, y + height - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
