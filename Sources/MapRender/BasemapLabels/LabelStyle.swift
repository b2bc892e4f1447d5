import CCairo

/// How a basemap name is set: DejaVu Sans (Debian's fonts-dejavu-core,
/// which has Latin, Greek and Cyrillic with their accents), a size in
/// pixels, a colour, and a white halo that keeps it legible on any fill.
struct LabelStyle: Hashable, Sendable {
    var size: Double
    var bold = false
    var italic = false
    /// 0xRRGGBB.
    var colour: UInt32 = 0x333333
    var halo = 2.5

    static let fontFamily = LabelPainter.fontFamily

    func select(on cr: OpaquePointer) {
        cairo_select_font_face(
            cr, Self.fontFamily, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        LabelPainter.setStableFontOptions(cr)
    }

    static func place(_ rank: PlaceRank) -> LabelStyle {
        LabelStyle(size: rank.fontSize, bold: rank <= .town, colour: 0x222222, halo: 3)
    }

    static func street(zoom: Int) -> LabelStyle {
        LabelStyle(size: zoom >= 17 ? 11 : 10, colour: 0x333333)
    }

    static let water = LabelStyle(size: 11, italic: true, colour: 0x1F5C8C)
    static let park = LabelStyle(size: 11, italic: true, colour: 0x2B6B34)
}

/// Text measured with cairo on a scratch surface, each string once per style.
final class GlyphMetrics {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private var advances: [LabelStyle: [String: Double]] = [:]
    private var selected: LabelStyle?

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    private func select(_ style: LabelStyle) {
        if selected != style {
            style.select(on: cr)
            selected = style
        }
    }

    /// How far the pen moves for `text`.
    func advance(_ text: String, _ style: LabelStyle) -> Double {
        if let known = advances[style]?[text] { return known }
        select(style)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        advances[style, default: [:]][text] = extents.x_advance
        return extents.x_advance
    }

    /// The ink box of `text` set at the origin: left, top, width, height.
    func inkBox(_ text: String, _ style: LabelStyle) -> (x: Double, y: Double, width: Double, height: Double) {
        select(style)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return (extents.x_bearing, extents.y_bearing, extents.width, extents.height)
    }

    /// The characters of `text` the font has no glyph for.
    func missingGlyphs(_ text: String, _ style: LabelStyle) -> [Character] {
        select(style)
        let font = cairo_get_scaled_font(cr)
        return text.filter { character in
            var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
            var count: Int32 = 0
            let utf8 = String(character)
            let status = cairo_scaled_font_text_to_glyphs(font, 0, 0, utf8, Int32(utf8.utf8.count), &glyphs, &count, nil, nil, nil)
            defer { cairo_glyph_free(glyphs) }
            guard status == CAIRO_STATUS_SUCCESS, let glyphs, count > 0 else { return true }
            return (0..<Int(count)).contains { glyphs[$0].index == 0 }
        }.map { $0 }
    }
}
