/// A position on an image or in the XYZ pixel space, y pointing down.
public struct PixelPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
