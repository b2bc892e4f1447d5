import Foundation

/// Room a fitted map keeps free along each edge, in points: what is drawn
/// around a position (a pin's head above it, the credit at the bottom).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

extension MapViewport {
    /// The deepest whole zoom, at most `maximumZoom`, at which every point
    /// fits in the image less the insets, with the points centred in that
    /// room: a pin at the top keeps its whole head, one at the bottom stays
    /// above the credit.
    init(
        fitting points: [MercatorPoint], insets: EdgeInsets, maximumZoom: Int,
        width: Int, height: Int, scale: Int
    ) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        // An image smaller than its insets still shows the points, edge to edge.
        let roomWide = max(Double(width) - insets.left - insets.right, 1)
        let roomHigh = max(Double(height) - insets.top - insets.bottom, 1)
        func metresPerPoint(_ zoom: Int) -> Double { 2 * MercatorPoint.halfWorld / (256 * pow2(Double(zoom))) }
        let zoom =
            (0...max(maximumZoom, 0)).last { candidate in
                (maxX - minX) / metresPerPoint(candidate) <= roomWide + 1e-9
                    && (maxY - minY) / metresPerPoint(candidate) <= roomHigh + 1e-9
            } ?? 0
        // The points' middle lands in the middle of the room, so the image's
        // centre is half the insets' difference away from it.
        let metres = metresPerPoint(zoom)
        let centre = MercatorPoint(
            x: (minX + maxX) / 2 - (insets.left - insets.right) / 2 * metres,
            y: (minY + maxY) / 2 + (insets.top - insets.bottom) / 2 * metres)
        self.init(centre: centre, zoom: zoom, width: width, height: height, scale: scale)
    }
}
