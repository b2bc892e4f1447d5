/// One tile of the XYZ ("slippy map") scheme: zoom, column from the
/// antimeridian eastwards, row from the north edge southwards.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// `z/x/y`, the tile's path without the `.png`.
    public var description: String { "\(z)/\(x)/\(y)" }

    /// The tile's square in Web Mercator metres.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let size = 2 * MercatorPoint.halfWorld / pow2(Double(z))
        let minX = -MercatorPoint.halfWorld + Double(x) * size
        let maxY = MercatorPoint.halfWorld - Double(y) * size
        return (minX, maxY - size, minX + size, maxY)
    }
}
