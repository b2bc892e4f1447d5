import CCairo

/// One tile's cairo context, with the Web Mercator → tile pixel mapping and
/// the basemap's drawing rules per kind of feature.
struct TileCanvas {
    let cr: OpaquePointer
    /// The surface's top-left corner in world pixels at `zoom`: whole
    /// numbers, so that a point lands on the same fraction of a pixel in
    /// every tile and every block of tiles that draws it.
    let originX: Double
    let originY: Double
    let pixelsPerMetre: Double
    let zoom: Int

    func fill(colour: BasemapStyle.Colour) {
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b)
        cairo_paint(cr)
    }

    func fillRings(_ rings: [[MercatorPoint]], colour: BasemapStyle.Colour) {
        guard !rings.isEmpty else { return }
        cairo_new_path(cr)
        for ring in rings { addPath(ring, closed: true) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b)
        cairo_fill(cr)
    }

    func drawArea(_ feature: BasemapFeature) {
        let colour: BasemapStyle.Colour =
            switch feature.kind {
            case .residential: BasemapStyle.residential
            case .commercial: BasemapStyle.commercial
            case .industrial: BasemapStyle.industrial
            case .grass: BasemapStyle.grass
            case .park: BasemapStyle.park
            case .wood: BasemapStyle.wood
            case .sand: BasemapStyle.sand
            case .water: BasemapStyle.water
            case .pier: BasemapStyle.pier
            case .pedestrianArea: BasemapStyle.pedestrianArea
            default: BasemapStyle.building
            }
        if feature.kind == .building && zoom < 14 { return }
        fillRings(feature.parts, colour: colour)
        if feature.kind == .building && zoom >= 16 {
            for ring in feature.parts { addPath(ring, closed: true) }
            stroke(BasemapStyle.buildingEdge, width: 0.6)
        }
    }

    func drawLine(_ feature: BasemapFeature) {
        switch feature.kind {
        case .stream:
            path(feature)
            stroke(BasemapStyle.water, width: zoom >= 15 ? 2.5 : 1.2)
        case .pierLine:
            guard zoom >= 13 else { return }
            path(feature)
            stroke(BasemapStyle.pier, width: scaled(6, floor: 1))
        case .railway:
            guard zoom >= 12 else { return }
            let width = scaled(3, floor: 1)
            // Tunnels are drawn together, by `drawRailwayTunnels`.
            guard !feature.tunnel else { return }
            path(feature)
            stroke(BasemapStyle.railway, width: width)
            if zoom >= 15 {
                path(feature)
                stroke(BasemapStyle.Colour(0xFFFFFF), width: width * 0.5, dash: 8)
            }
        default:
            return
        }
    }

    /// Railways in tunnels as faint dashes (zoom 14+), laid on the tile as
    /// one group, so that where two of them meet or cross nothing is darker.
    func drawRailwayTunnels(_ railways: [BasemapFeature]) {
        guard zoom >= 14, !railways.isEmpty else { return }
        let width = scaled(3, floor: 1) * 0.8
        translucent(alpha: 0.35) {
            for railway in railways {
                path(railway)
                stroke(BasemapStyle.railway, width: width, dash: 6)
            }
        }
    }

    /// Casings of every road first, then fills, so crossings join cleanly.
    /// Tunnels are drawn opaque into one group (dashed casings, fills) that
    /// is then painted faint, so that where their segments and ends overlap
    /// the tunnel is no darker than anywhere else along it.
    func drawRoads(_ roads: [BasemapFeature], tunnel: Bool) {
        guard !roads.isEmpty else { return }
        guard !tunnel else {
            translucent(alpha: Self.tunnelAlpha) { drawRoads(roads, casingDash: { $0 }) }
            return
        }
        drawRoads(roads, casingDash: { _ in nil })
    }

    /// How strongly a tunnel shows through what is drawn over the ground.
    static let tunnelAlpha = 0.45

    private func drawRoads(_ roads: [BasemapFeature], casingDash: (Double) -> Double?) {
        for road in roads {
            guard let kind = road.road, kind.hasCasing else { continue }
            path(road)
            let width = kind.width(zoom: zoom)
            stroke(BasemapStyle.casing, width: width + max(1, width * 0.22), dash: casingDash(width))
        }
        for road in roads {
            guard let kind = road.road else { continue }
            path(road)
            let dashed = kind <= .steps
            let width = kind.width(zoom: zoom)
            stroke(kind.fill, width: width, dash: dashed ? width * 2 : nil)
        }
    }

    /// Draws `body` opaque into a group of its own, then lays the group on
    /// the tile with `alpha`: a translucent thing composited whole, its
    /// overlapping strokes no darker than a single one.
    private func translucent(alpha: Double, _ body: () -> Void) {
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// A width given in pixels at zoom 17, shrunk by 2^0.75 per zoom out.
    private func scaled(_ atSeventeen: Double, floor: Double) -> Double {
        max(floor, atSeventeen * pow2(Double(zoom - 17) * 0.75))
    }

    private func path(_ feature: BasemapFeature) {
        cairo_new_path(cr)
        for part in feature.parts { addPath(part, closed: false) }
    }

    private func addPath(_ points: [MercatorPoint], closed: Bool) {
        guard let first = points.first else { return }
        cairo_move_to(
            cr, (first.x + MercatorPoint.halfWorld) * pixelsPerMetre - originX,
            (MercatorPoint.halfWorld - first.y) * pixelsPerMetre - originY)
        for point in points.dropFirst() {
            cairo_line_to(
                cr, (point.x + MercatorPoint.halfWorld) * pixelsPerMetre - originX,
                (MercatorPoint.halfWorld - point.y) * pixelsPerMetre - originY)
        }
        if closed { cairo_close_path(cr) }
    }

    private func stroke(_ colour: BasemapStyle.Colour, width: Double, dash: Double? = nil) {
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, dash == nil ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        if let dash {
            var pattern = [dash, dash]
            cairo_set_dash(cr, &pattern, 2, 0)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
        cairo_stroke(cr)
    }
}
