import Foundation
import NearbyKit

/// The zooms and the box a tile set says it holds: MBTiles' and TileJSON's
/// `minzoom`, `maxzoom` and `bounds` (west, south, east, north). A moving map
/// keeps to them, so that a person does not pan or zoom into blank tiles.
public struct TileCoverage: Sendable, Equatable {
    public var zooms: ClosedRange<Int>
    /// Nil when the metadata names no box, or one that is no box on the map.
    public var bounds: BoundingBox?
    /// The box the extract declared (`extract_bounds`, which nearby writes),
    /// which a redraw draws for.
    public var extractBounds: BoundingBox?
    /// Whether the metadata says nearby drew the tiles (`nearby tiles render`):
    /// then a tile may be drawn again from the extract with some of its names
    /// left out (`LabelClearance`) and still match its neighbours.
    public var drawnByNearby = false

    public init(zooms: ClosedRange<Int>, bounds: BoundingBox?, extractBounds: BoundingBox? = nil, drawnByNearby: Bool = false) {
        self.zooms = zooms
        self.bounds = bounds
        self.extractBounds = extractBounds
        self.drawnByNearby = drawnByNearby
    }

    /// Read from metadata values, as numbers (TileJSON) or as text (MBTiles'
    /// `metadata` table, bounds as "W,S,E,N"). Nil without both zooms in
    /// 0...30 and in order; a box outside the world, or inside out, is left out.
    init?(minzoom: Any?, maxzoom: Any?, bounds: Any?, extractBounds: Any? = nil, drawnByNearby: Bool = false) {
        guard let low = Self.integer(minzoom), let high = Self.integer(maxzoom), 0 <= low, low <= high, high <= 30 else {
            return nil
        }
        zooms = low...high
        self.bounds = Self.box(bounds)
        self.extractBounds = Self.box(extractBounds)
        self.drawnByNearby = drawnByNearby
    }

    /// W, S, E, N as numbers (TileJSON) or as "W,S,E,N" (MBTiles); nil for
    /// anything else, a box outside the world, or one inside out.
    private static func box(_ value: Any?) -> BoundingBox? {
        let numbers: [Double]? =
            switch value {
            case let text as String: text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
            case let values as [Any]: values.map { ($0 as? NSNumber)?.doubleValue ?? .nan }
            default: nil
            }
        guard let numbers, numbers.count == 4, numbers.allSatisfy(\.isFinite), -180 <= numbers[0], numbers[0] < numbers[2],
            numbers[2] <= 180, -90 <= numbers[1], numbers[1] < numbers[3], numbers[3] <= 90
        else { return nil }
        return BoundingBox(minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
    }

    /// A whole number, given as one (JSON) or as its digits (MBTiles' text).
    private static func integer(_ value: Any?) -> Int? {
        switch value {
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        case let number as NSNumber where number.doubleValue == number.doubleValue.rounded(): Int(exactly: number.doubleValue)
        default: nil
        }
    }
}
