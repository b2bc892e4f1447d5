import Foundation
import NearbyKit

/// The zooms and the box a tile set says it holds: MBTiles' and TileJSON's
/// `minzoom`, `maxzoom` and `bounds` (west, south, east, north). A moving map
/// keeps to them, so that a person does not pan or zoom into blank tiles.
public struct TileCoverage: Sendable, Equatable {
    public var zooms: ClosedRange<Int>
    /// Nil when the metadata names no box, or one that is no box on the map.
    public var bounds: BoundingBox?

    public init(zooms: ClosedRange<Int>, bounds: BoundingBox?) {
        self.zooms = zooms
        self.bounds = bounds
    }

    /// Read from metadata values, as numbers (TileJSON) or as text (MBTiles'
    /// `metadata` table, bounds as "W,S,E,N"). Nil without both zooms in
    /// 0...30 and in order; a box outside the world, or inside out, is left out.
    init?(minzoom: Any?, maxzoom: Any?, bounds: Any?) {
        guard let low = Self.integer(minzoom), let high = Self.integer(maxzoom), 0 <= low, low <= high, high <= 30 else {
            return nil
        }
        zooms = low...high
        let numbers: [Double]? =
            switch bounds {
            case let text as String: text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
            case let values as [Any]: values.map { ($0 as? NSNumber)?.doubleValue ?? .nan }
            default: nil
            }
        if let numbers, numbers.count == 4, numbers.allSatisfy(\.isFinite), -180 <= numbers[0], numbers[0] < numbers[2],
            numbers[2] <= 180, -90 <= numbers[1], numbers[1] < numbers[3], numbers[3] <= 90
        {
            self.bounds = BoundingBox(minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
        } else {
            self.bounds = nil
        }
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
