import Foundation
import NearbyKit

/// The `metadata.json` `nearby tiles render` leaves beside `{z}/`: a
/// TileJSON 3.0 document naming the tiles' credit (which `TileSetAttribution`
/// reads back, and other tile servers understand), their zooms and bounds.
/// A file some other tool wrote is left as it is: its credit is the tile
/// set's, not nearby's to replace.
public struct TileSetMetadata: Equatable, Sendable {
    static let generator = "nearby tiles render"

    public var name: String
    public var attribution = TileSetAttribution.openStreetMap
    public var zooms: ClosedRange<Int>
    /// West, south, east, north, in degrees.
    public var bounds: [Double]
    /// The box the extract declared, which the sea is closed along: kept
    /// (`extract_bounds`) so that tiles redrawn after an update are drawn
    /// for the same box as the rest.
    public var extractBounds: BoundingBox?

    public init(name: String, zooms: ClosedRange<Int>, bounds: [Double], extractBounds: BoundingBox? = nil) {
        self.name = name
        self.zooms = zooms
        self.bounds = bounds
        self.extractBounds = extractBounds
    }

    /// `extract_bounds` as the numbers W, S, E, N.
    var extractBoundsValues: [Double]? {
        extractBounds.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude].map(Self.rounded) }
    }

    /// A longitude or latitude to 1 cm: the last digits of a projection's round trip are noise.
    static func rounded(_ degrees: Double) -> Double {
        (degrees * 1e7).rounded() / 1e7
    }

    /// These zooms and bounds grown to take in `coverage`'s: a set's tiles
    /// from an earlier rendering stay beside the new ones.
    func widened(toCover coverage: TileCoverage?) -> TileSetMetadata {
        guard let coverage else { return self }
        var merged = self
        merged.zooms = min(coverage.zooms.lowerBound, zooms.lowerBound)...max(coverage.zooms.upperBound, zooms.upperBound)
        if let box = coverage.bounds, bounds.count == 4 {
            merged.bounds = [
                min(box.minLongitude, bounds[0]), min(box.minLatitude, bounds[1]), max(box.maxLongitude, bounds[2]),
                max(box.maxLatitude, bounds[3]),
            ]
        }
        return merged
    }

    public enum Outcome: Equatable, Sendable {
        case written
        /// A `metadata.json` from another tool was there and kept.
        case keptOther(URL)
    }

    /// Writes the file atomically. Over one nearby wrote before, the zooms
    /// and bounds grow to cover both renderings, since the tiles of both stay.
    public func write(into directory: URL) throws(PNGError) -> Outcome {
        let file = TileSetAttribution.metadataFile(in: directory)
        var merged = self
        if FileManager.default.fileExists(atPath: file.path) {
            guard let data = TileSetAttribution.readMetadata(file),
                let old = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                old["generator"] as? String == Self.generator
            else { return .keptOther(file) }
            merged = widened(toCover: TileCoverage(minzoom: old["minzoom"], maxzoom: old["maxzoom"], bounds: old["bounds"]))
        }
        var document: [String: Any] = [
            "tilejson": "3.0.0", "name": merged.name, "attribution": merged.attribution, "generator": Self.generator,
            "minzoom": merged.zooms.lowerBound, "maxzoom": merged.zooms.upperBound,
            "bounds": merged.bounds.map(Self.rounded),
            "format": "png", "tiles": ["{z}/{x}/{y}.png"],
        ]
        if let box = merged.extractBoundsValues { document["extract_bounds"] = box }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw .writeFailed(path: file.path, reason: error.localizedDescription)
        }
        try AtomicFileWriter.write([UInt8](data) + [UInt8(ascii: "\n")], to: file)
        return .written
    }
}
