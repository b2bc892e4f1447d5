import MapRender

/// The `{z}/{x}/{y}` of a tile request, checked: whole decimal numbers only
/// (no signs, spaces or `..`), within the XYZ scheme. A tile's file path is
/// built from these numbers alone, never from the request's text.
public enum TilePath {
    public static let maximumZoom = 22

    public enum Problem: Error, Equatable, Sendable {
        /// Not whole numbers: 400.
        case malformed
        /// Numbers, but no such tile: 404.
        case outOfRange
    }

    public static func key(z: String?, x: String?, y: String?) throws(Problem) -> TileKey {
        guard let z = number(z), let x = number(x), let y = number(y) else { throw .malformed }
        guard z <= maximumZoom, x < 1 << z, y < 1 << z else { throw .outOfRange }
        return TileKey(z: z, x: x, y: y)
    }

    private static func number(_ text: String?) -> Int? {
        guard let text, !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }
}
