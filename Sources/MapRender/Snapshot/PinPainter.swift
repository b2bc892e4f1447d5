import CCairo
import Foundation
import NearbyKit

/// Draws teardrop pins with cairo: a circle head tapering to a point, the
/// point exactly on the place, a white centre, and a soft shadow falling to
/// the upper right (never below the tip, so the tip stays where it belongs).
struct PinPainter {
    /// Pixels per point.
    let scale: Double
    /// One map's pins share each size's shadow: drawn once, then copied.
    private let shadows = PinShadowSprites()

    init(scale: Double) {
        self.scale = scale
    }

    /// The head's radius in points; the selected pin is larger.
    static let headRadius = 9.0
    static let selectedHeadRadius = 13.0
    /// Distance from the tip to the head's centre, in head radii.
    static let stemLength = 2.3

    func headRadius(selected: Bool) -> Double {
        (selected ? Self.selectedHeadRadius : Self.headRadius) * scale
    }

    /// The top of the pin's head above the tip, in pixels (labels go above it).
    func height(selected: Bool) -> Double {
        headRadius(selected: selected) * (Self.stemLength + 1)
    }

    func draw(_ cr: OpaquePointer, tip: PixelPoint, colour: RGBColor, selected: Bool, label: String? = nil) {
        draw(cr, tip: tip, radius: headRadius(selected: selected), colour: MapColor(colour), label: label)
    }

    /// A pin whose head has `radius` pixels; a label, when given, takes the
    /// place of the white centre.
    func draw(_ cr: OpaquePointer, tip: PixelPoint, radius: Double, colour: MapColor, label: String?) {
        drawShadow(cr, tip: tip, radius: radius)

        cairo_save(cr)
        cairo_translate(cr, tip.x, tip.y)
        teardrop(cr, radius: radius)
        cairo_set_source_rgba(
            cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
            Double(colour.alpha) / 255)
        cairo_fill_preserve(cr)
        // A darker rim keeps light colours visible on light map areas.
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, max(1, 0.75 * scale))
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_clip(cr)
        teardrop(cr, radius: radius)
        cairo_stroke(cr)
        cairo_reset_clip(cr)

        cairo_new_path(cr)
        if let label, !label.isEmpty {
            drawLabel(cr, label, centreY: -radius * Self.stemLength, radius: radius, on: colour)
        } else {
            cairo_arc(cr, 0, -radius * Self.stemLength, radius * 0.42, 0, 2 * .pi)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// A number or a letter centred on the head, black on light pins and
    /// white on dark ones, so it reads whatever colour the request chose;
    /// two or three digits are set smaller to stay inside the head.
    private func drawLabel(_ cr: OpaquePointer, _ text: String, centreY: Double, radius: Double, on colour: MapColor) {
        cairo_select_font_face(cr, LabelPainter.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        LabelPainter.setStableFontOptions(cr)
        var size = radius * 1.35
        var extents = cairo_text_extents_t()
        cairo_set_font_size(cr, size)
        cairo_text_extents(cr, text, &extents)
        if extents.width > radius * 1.5 {
            size *= radius * 1.5 / extents.width
            cairo_set_font_size(cr, size)
            cairo_text_extents(cr, text, &extents)
        }
        cairo_move_to(cr, -extents.x_bearing - extents.width / 2, centreY - extents.y_bearing - extents.height / 2)
        let shade = colour.luminance > 0.55 ? 0.0 : 1.0
        cairo_set_source_rgb(cr, shade, shade, shade)
        cairo_show_text(cr, text)
    }

    /// For each pin spread away from its place (`PinSpreading`): a thin line
    /// from the place to the tip, and a dot in the pin's colour on the
    /// place; a clustered pin gets the dot alone.
    func drawLeaders(_ cr: OpaquePointer, from places: [PixelPoint], placement: PinPlacement, colours: [MapColor]) {
        let clustered = placement.clustered
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for (index, (place, tip)) in zip(places, placement.tips).enumerated() where hypot(place.x - tip.x, place.y - tip.y) > 0.5 {
            let colour = colours[index]
            if !clustered.contains(index) {
                cairo_new_path(cr)
                cairo_move_to(cr, place.x, place.y)
                cairo_line_to(cr, tip.x, tip.y)
                cairo_set_source_rgba(cr, 0.15, 0.15, 0.15, 0.75)
                cairo_set_line_width(cr, max(1, 1.25 * scale))
                cairo_stroke(cr)
            }
            cairo_arc(cr, place.x, place.y, 3 * scale, 0, 2 * .pi)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_fill(cr)
            cairo_arc(cr, place.x, place.y, 2 * scale, 0, 2 * .pi)
            cairo_set_source_rgba(cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255, 1)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// A cluster marker's radius in points.
    static let clusterRadius = 13.0

    /// Each cluster as a white rounded square with a dark edge and its count
    /// in dark figures: no pin's shape nor its colours, so that a cluster of
    /// 21 is not read as pin 21 (a pin is a coloured drop, its number white
    /// or black on its colour). The square stays inside the cluster's circle,
    /// which is what the spreading keeps clear.
    func drawClusters(_ cr: OpaquePointer, _ clusters: [PinCluster]) {
        for cluster in clusters {
            cairo_save(cr)
            cairo_translate(cr, cluster.centre.x, cluster.centre.y)
            let half = cluster.radius * 0.8
            let corner = cluster.radius * 0.35
            roundedSquare(cr, half: half, corner: corner)
            cairo_set_source_rgba(cr, 0.2, 0.2, 0.24, 0.95)
            cairo_fill(cr)
            roundedSquare(cr, half: half - 2 * scale, corner: max(corner - 2 * scale, 0))
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_fill(cr)
            drawLabel(
                cr, String(cluster.members.count), centreY: 0, radius: half - 2 * scale, on: MapColor(red: 255, green: 255, blue: 255))
            cairo_restore(cr)
        }
    }

    /// A square of half-side `half` round the origin, its corners rounded by `corner`.
    private func roundedSquare(_ cr: OpaquePointer, half: Double, corner: Double) {
        let inner = half - corner
        cairo_new_path(cr)
        cairo_arc(cr, inner, -inner, corner, -.pi / 2, 0)
        cairo_arc(cr, inner, inner, corner, 0, .pi / 2)
        cairo_arc(cr, -inner, inner, corner, .pi / 2, .pi)
        cairo_arc(cr, -inner, -inner, corner, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// The pin's outline with the tip at the origin. The sides are the
    /// tangents from the tip to the head circle, so the shape is smooth.
    private func teardrop(_ cr: OpaquePointer, radius: Double) {
        let distance = radius * Self.stemLength
        let spread = acos(radius / distance)
        cairo_new_path(cr)
        cairo_move_to(cr, 0, 0)
        // Angles grow clockwise on screen (y points down); π/2 faces the tip.
        cairo_arc(cr, 0, -distance, radius, .pi / 2 + spread, .pi / 2 - spread + 2 * .pi)
        cairo_close_path(cr)
    }

    /// The pin's shape sheared and flattened onto the ground from the tip,
    /// in a few translucent layers of shrinking outline to look blurred.
    /// Those sheared strokes are most of a pin's cost, so each head size's
    /// shadow is drawn once per map and copied under every pin of that size.
    private func drawShadow(_ cr: OpaquePointer, tip: PixelPoint, radius: Double) {
        let sprite = shadows.sprite(radius: radius) { cr in
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            for (width, alpha) in [(4.0, 0.04), (2.5, 0.05), (1.0, 0.07)] {
                teardrop(cr, radius: radius)
                cairo_set_source_rgba(cr, 0, 0, 0, alpha)
                cairo_set_line_width(cr, width * scale)
                cairo_stroke_preserve(cr)
                cairo_fill(cr)
            }
        }
        cairo_save(cr)
        cairo_set_source_surface(cr, sprite.surface, tip.x + sprite.origin.x, tip.y + sprite.origin.y)
        cairo_rectangle(cr, tip.x + sprite.origin.x, tip.y + sprite.origin.y, sprite.width, sprite.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// Pin shadows drawn once, by head radius, as small images whose origin is
/// the tip. Not shared between threads: each map draws with its own.
private final class PinShadowSprites {
    struct Sprite {
        let surface: OpaquePointer
        /// The image's top left corner relative to the pin's tip.
        let origin: PixelPoint
        let width: Double
        let height: Double
    }

    /// The ground the shadow falls on: the pin laid back and squashed.
    static let shear = cairo_matrix_t(xx: 1, yx: 0, xy: -0.55, yy: 0.32, x0: 0, y0: 0)

    private var sprites: [Double: Sprite] = [:]

    deinit {
        for sprite in sprites.values { cairo_surface_destroy(sprite.surface) }
    }

    /// The shadow for `radius`, drawing it with `draw` (in the sheared
    /// space, tip at the origin) the first time: into a recording, to learn
    /// where its ink falls, and from there onto an image just that size.
    func sprite(radius: Double, draw: (OpaquePointer) -> Void) -> Sprite {
        if let sprite = sprites[radius] { return sprite }
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        defer { cairo_surface_destroy(recording) }
        let recorder = cairo_create(recording)!
        var shear = Self.shear
        cairo_transform(recorder, &shear)
        draw(recorder)
        cairo_destroy(recorder)
        var x = 0.0, y = 0.0, inkWidth = 0.0, inkHeight = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &inkWidth, &inkHeight)
        let left = x.rounded(.down), top = y.rounded(.down)
        let width = max(Int32((x + inkWidth - left).rounded(.up)), 1), height = max(Int32((y + inkHeight - top).rounded(.up)), 1)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(surface)!
        cairo_set_source_surface(cr, recording, -left, -top)
        cairo_paint(cr)
        cairo_destroy(cr)
        let sprite = Sprite(surface: surface, origin: PixelPoint(x: left, y: top), width: Double(width), height: Double(height))
        sprites[radius] = sprite
        return sprite
    }
}
