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

    /// The most boxes a `clear=` may name: a moving map's pins, clusters and
    /// the person near one tile.
    public static let maximumClearBoxes = 64
    /// How far from the tile, in its pixels, a box may reach: no name drawn
    /// on the tile is longer (`BasemapLabelSource.usableName`: 60 characters).
    public static let clearReach = 2048

    /// `clear=X1,Y1,X2,Y2;…`: the boxes a moving map's pins, clusters and
    /// person cover near the tile, in whole pixels from its top-left corner,
    /// which its names must keep out of (`LabelClearance`); nil when it is not
    /// that. Absent or empty: no box.
    public static func clearance(_ text: String?, of key: TileKey) -> LabelClearance? {
        guard let text, !text.isEmpty else { return LabelClearance.none }
        let boxes = text.split(separator: ";", omittingEmptySubsequences: false)
        guard boxes.count <= maximumClearBoxes else { return nil }
        var edges: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for box in boxes {
            let numbers = box.split(separator: ",", omittingEmptySubsequences: false).map(offset)
            guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
                x1 < x2, y1 < y2
            else { return nil }
            let left = Double(key.x) * 256, top = Double(key.y) * 256
            edges.append((left + Double(x1), top + Double(y1), left + Double(x2), top + Double(y2)))
        }
        return LabelClearance(edges: edges)
    }

    /// A whole number of pixels within `clearReach` of the tile: ASCII digits, perhaps after a minus.
    private static func offset(_ text: Substring) -> Int? {
        let digits = text.first == "-" ? text.dropFirst() : text
        guard !digits.isEmpty, digits.utf8.count <= 5, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text),
            -clearReach <= value, value <= 256 + clearReach
        else { return nil }
        return value
    }
}
