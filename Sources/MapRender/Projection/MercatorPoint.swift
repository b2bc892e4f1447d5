import Foundation

/// A position in EPSG:3857 (Web Mercator), in metres east and north of
/// (0°, 0°).
public struct MercatorPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Half the width of the Web Mercator square: π × the WGS84 semi-major axis.
    public static let halfWorld = Double.pi * 6_378_137.0

    /// The XYZ "world pixel" at `zoom`: (0, 0) is the top-left of tile 0/0/0
    /// and the world is 256 × 2^zoom pixels wide. Fractional zooms are allowed
    /// so that scale factors (2×, 3×) fold into the same formula.
    public func worldPixel(zoom: Double) -> PixelPoint {
        let worldSize = 256 * pow2(zoom)
        return PixelPoint(
            x: (x + Self.halfWorld) / (2 * Self.halfWorld) * worldSize,
            y: (Self.halfWorld - y) / (2 * Self.halfWorld) * worldSize
        )
    }
}

extension MercatorPoint {
    /// The Web Mercator metres of an XYZ world pixel at `zoom`.
    init(worldPixel pixel: PixelPoint, zoom: Double) {
        let worldSize = 256 * pow2(zoom)
        self.init(
            x: pixel.x / worldSize * 2 * Self.halfWorld - Self.halfWorld,
            y: Self.halfWorld - pixel.y / worldSize * 2 * Self.halfWorld)
    }
}

/// 2^exponent, exact for whole exponents (the usual case: tile zooms).
func pow2(_ exponent: Double) -> Double {
    exponent == exponent.rounded() && abs(exponent) < 60
        ? Double(sign: .plus, exponent: Int(exponent), significand: 1)
        : Foundation.pow(2, exponent)
}
