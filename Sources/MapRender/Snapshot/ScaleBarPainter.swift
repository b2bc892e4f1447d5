import CCairo
import Foundation
import NearbyKit

/// A scale bar in the bottom-left corner: a round length in the chosen
/// units (feet below a tenth of a mile, metres below a kilometre), at most
/// `maximumLength` points long, measured at the map's centre.
struct ScaleBarPainter {
    let scale: Double

    static let maximumLength = 100.0
    /// From the image's bottom edge to the top of the bar's backing, in
    /// points: the credit's height, so that the fit keeps one strip for both.
    static let height = LabelPainter.attributionHeight

    /// The longest round length that fits in `metres`, and its text.
    static func length(atMost metres: Double, unit: DistanceUnit) -> (metres: Double, text: String)? {
        guard metres.isFinite, metres > 0 else { return nil }
        switch unit {
        case .kilometres:
            if metres >= 1000 { return round(metres / 1000, unit: 1000, "km") }
            return round(metres, unit: 1, "m")
        case .miles:
            let mile = DistanceUnit.metresPerMile
            if metres >= 0.1 * mile { return round(metres / mile, unit: mile, "mi") }
            return round(metres / 0.3048, unit: 0.3048, "ft")
        }
    }

    /// 1, 2 or 5 times a power of ten, at most `value`.
    private static func round(_ value: Double, unit: Double, _ symbol: String) -> (metres: Double, text: String) {
        let power = pow(10, floor(log10(value)))
        let step = [5.0, 2, 1].first { $0 * power <= value * (1 + 1e-9) } ?? 1
        let nice = step * power
        return (nice * unit, "\(String(format: "%g", nice)) \(symbol)")
    }

    /// - Parameter metresPerPixel: ground metres one image pixel covers at the map's centre.
    func draw(_ cr: OpaquePointer, metresPerPixel: Double, unit: DistanceUnit, imageHeight: Double) {
        let maximumPixels = Self.maximumLength * scale
        guard let (metres, text) = Self.length(atMost: maximumPixels * metresPerPixel, unit: unit) else { return }
        let width = (metres / metresPerPixel).rounded()
        // Whole-pixel widths on pixel edges (or centres, for odd widths): a
        // crisp bar, as long as it claims to be.
        let lineWidth = max(1, (1.5 * scale).rounded())
        let offset = lineWidth.truncatingRemainder(dividingBy: 2) == 1 ? 0.5 : 0
        let left = (6 * scale).rounded() + offset, baseline = (imageHeight - 4 * scale).rounded() + offset, tick = 6 * scale
        cairo_save(cr)
        cairo_select_font_face(cr, LabelPainter.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 10 * scale)
        LabelPainter.setStableFontOptions(cr)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        // A light backing keeps the bar legible on any tile; it is as tall
        // as the credit's box in the other corner, with the length beside the bar.
        let padding = 3 * scale, gap = 4 * scale
        cairo_rectangle(
            cr, left - padding, imageHeight - Self.height * scale,
            width + gap + extents.x_advance + 2 * padding, Self.height * scale)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.7)
        cairo_fill(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, left, baseline - tick)
        cairo_line_to(cr, left, baseline)
        cairo_line_to(cr, left + width, baseline)
        cairo_line_to(cr, left + width, baseline - tick)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_stroke(cr)
        cairo_move_to(cr, left + width + gap, imageHeight - 5 * scale)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }
}
