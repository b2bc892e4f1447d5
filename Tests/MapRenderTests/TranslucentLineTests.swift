import CCairo
import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// Lines drawn with transparency are laid on the map whole: where two ways
/// of a tunnel meet, or a casing runs under its fill, the tunnel is no
/// darker than anywhere else along it.
@Suite struct TranslucentLineTests {
    /// Monaco's road tunnels (the coast road east of the Casino among them)
    /// drawn at zoom 16 on plain land, as a tile draws them: on the middle
    /// line of each road, away from tunnels of other classes, every pixel is
    /// the road's fill laid on the land at the tunnels' alpha, once, at the
    /// ends and joints of its ways as between them.
    @Test func tunnelsHaveNoDarkerJoints() throws {
        let renderer = try #require(BasemapTests.renderer)
        let zoom = 16
        let tunnels = renderer.features.filter { $0.kind == .road && $0.tunnel && $0.isDrawn(atZoom: zoom) && $0.road?.hasCasing == true }
        #expect(tunnels.count > 20)
        let pixelsPerMetre = 256 * pow2(Double(zoom)) / (2 * MercatorPoint.halfWorld)
        func pixel(_ point: MercatorPoint) -> (x: Double, y: Double) {
            ((point.x + MercatorPoint.halfWorld) * pixelsPerMetre, (MercatorPoint.halfWorld - point.y) * pixelsPerMetre)
        }
        let all = tunnels.flatMap { $0.parts.joined() }.map(pixel)
        let originX = (all.map(\.x).min()! - 32).rounded(.down), originY = (all.map(\.y).min()! - 32).rounded(.down)
        let width = Int(all.map(\.x).max()! - originX) + 32, height = Int(all.map(\.y).max()! - originY) + 32
        let image = PixelBuffer(width: width, height: height)
        image.withSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            let canvas = TileCanvas(cr: cr, originX: originX, originY: originY, pixelsPerMetre: pixelsPerMetre, zoom: zoom)
            canvas.fill(colour: BasemapStyle.land)
            canvas.drawRoads(tunnels, tunnel: true)
        }

        func expected(_ kind: RoadClass) -> [Double] {
            let land = BasemapStyle.land, fill = kind.fill, alpha = TileCanvas.tunnelAlpha
            return [(fill.r, land.r), (fill.g, land.g), (fill.b, land.b)].map { ($0.0 * alpha + $0.1 * (1 - alpha)) * 255 }
        }
        // Each segment of every tunnel, in image pixels, with its class.
        let segments = tunnels.flatMap { tunnel in
            tunnel.parts.flatMap { part in
                zip(part, part.dropFirst()).map { a, b in
                    let (pa, pb) = (pixel(a), pixel(b))
                    return (a: (x: pa.x - originX, y: pa.y - originY), b: (x: pb.x - originX, y: pb.y - originY), kind: tunnel.road!)
                }
            }
        }
        func distance(_ p: (x: Double, y: Double), _ s: (a: (x: Double, y: Double), b: (x: Double, y: Double), kind: RoadClass)) -> Double {
            let dx = s.b.x - s.a.x, dy = s.b.y - s.a.y, length = dx * dx + dy * dy
            let t = length == 0 ? 0 : max(0, min(1, ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / length))
            return hypot(p.x - (s.a.x + t * dx), p.y - (s.a.y + t * dy))
        }
        var checked = 0, darker: [String] = []
        for segment in segments where segment.kind.width(zoom: zoom) >= 4 {
            let length = hypot(segment.b.x - segment.a.x, segment.b.y - segment.a.y)
            for step in 0...Int(length) {
                let t = length == 0 ? 0 : Double(step) / length
                let point = (x: segment.a.x + t * (segment.b.x - segment.a.x), y: segment.a.y + t * (segment.b.y - segment.a.y))
                // A road of another class crossing or meeting here sets the pixel its own way.
                let reach = 2 + RoadClass.motorway.width(zoom: zoom)
                guard !segments.contains(where: { $0.kind != segment.kind && distance(point, $0) < reach }) else { continue }
                let rgba = try #require(image.rgba(x: Int(point.x), y: Int(point.y)))
                let want = expected(segment.kind)
                checked += 1
                let got = [Double(rgba.red), Double(rgba.green), Double(rgba.blue)]
                if zip(got, want).contains(where: { abs($0 - $1) > 1.5 }) {
                    darker.append("\(segment.kind) at (\(Int(point.x)), \(Int(point.y))): \(got) for \(want.map { $0.rounded() })")
                }
            }
        }
        #expect(checked > 1000)
        #expect(darker.isEmpty, "\(darker.count) of \(checked) pixels: \(darker.prefix(5))")
    }
}
