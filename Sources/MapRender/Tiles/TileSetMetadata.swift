import Foundation

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

    public init(name: String, zooms: ClosedRange<Int>, bounds: [Double]) {
        self.name = name
        self.zooms = zooms
        self.bounds = bounds
    }

    /// A longitude or latitude to 1 cm: the last digits of a projection's round trip are noise.
    static func rounded(_ degrees: Double) -> Double {
        (degrees * 1e7).rounded() / 1e7
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
            if let low = old["minzoom"] as? Int, let high = old["maxzoom"] as? Int, low <= high {
                merged.zooms = min(low, zooms.lowerBound)...max(high, zooms.upperBound)
            }
            if let box = old["bounds"] as? [Double], box.count == 4, bounds.count == 4 {
                merged.bounds = [min(box[0], bounds[0]), min(box[1], bounds[1]), max(box[2], bounds[2]), max(box[3], bounds[3])]
            }
        }
        let document: [String: Any] = [
            "tilejson": "3.0.0", "name": merged.name, "attribution": merged.attribution, "generator": Self.generator,
            "minzoom": merged.zooms.lowerBound, "maxzoom": merged.zooms.upperBound,
            "bounds": merged.bounds.map(Self.rounded),
            "format": "png", "tiles": ["{z}/{x}/{y}.png"],
        ]
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
