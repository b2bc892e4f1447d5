import Foundation
import NearbyKit

/// Reads an OpenStreetMap extract (.osm.pbf, .osm, …) through the osmium
/// command: `osmium export` assembles ways and multipolygon relations into
/// GeoJSON geometries, which is the hard part of reading OSM data, and this
/// type keeps only what the basemap draws.
struct OSMExtractReader {
    let extract: URL
    /// The box to draw the extract for, instead of the one its header declares.
    var declaredBounds: BoundingBox? = nil

    struct Contents {
        var features: [BasemapFeature]
        /// Names to write: places, streets, water and parks.
        var labels: [BasemapLabelSource] = []
        /// The coastline ways as lines; land lies to their left.
        var coastlines: [[MercatorPoint]]
        /// The extract's declared bounds (or, without any, its data's), in metres.
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
        /// The declared bounds in degrees: the header's, or those given; nil for none.
        var declaredBounds: BoundingBox? = nil
        /// The extent of the features and coastlines read, in metres.
        var dataBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    /// What one exported feature becomes.
    private enum Role {
        case feature(BasemapFeature.Kind, RoadClass?, tunnel: Bool, bridge: Bool)
        case coastline
        case label(String, BasemapLabelSource.Kind)
    }

    /// Reads osmium's export as it comes, a line at a time, and projects the
    /// kept features in batches: neither the export's text nor its parsed
    /// objects are ever held whole, so memory grows with what the basemap
    /// draws, not with the extract. `progress` gets the features kept so far.
    func read(projection: WebMercatorProjection, progress: ((Int) -> Void)? = nil) throws(BasemapError) -> Contents {
        guard FileManager.default.fileExists(atPath: extract.path) else { throw .extractMissing(extract.path) }
        var declared = declaredBounds
        if declared == nil {
            declared = Self.parseBox(String(decoding: try runOsmium(["fileinfo", "-g", "header.boxes", extract.path]), as: UTF8.self))
        }
        let empty = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        var contents = Contents(features: [], coastlines: [], bounds: empty, dataBounds: empty)
        var batch = Batch()
        try streamOsmium([
            "export", "-f", "geojsonseq", "--geometry-types=point,linestring,polygon",
            "-x", "print_record_separator=false", "-o", "-", extract.path,
        ]) { line throws(BasemapError) in
            try Self.classify(line, into: &batch)
            if batch.vertexCount >= Batch.limit {
                try batch.flush(into: &contents, projection: projection)
                progress?(contents.features.count)
            }
        }
        try batch.flush(into: &contents, projection: projection)
        progress?(contents.features.count)

        contents.dataBounds = contents.bounds
        contents.declaredBounds = declared
        if let box = declared {
            // A whole-world header reaches the poles, which Web Mercator cannot project.
            let limit = WebMercatorProjection.maximumLatitude
            var longitudes = [box.minLongitude, box.maxLongitude]
            var latitudes = [min(max(box.minLatitude, -limit), limit), min(max(box.maxLatitude, -limit), limit)]
            do {
                try projection.projectInPlace(longitudes: &longitudes, latitudes: &latitudes)
            } catch {
                throw .projection(error)
            }
            contents.bounds = (longitudes[0], latitudes[0], longitudes[1], latitudes[1])
        }
        guard contents.bounds.minX <= contents.bounds.maxX else {
            throw .malformedExport("the extract holds nothing a map draws")
        }
        // Draw order: by kind, then roads minor to major, bridges on top.
        contents.features.sort { a, b in
            if a.kind != b.kind { return a.kind < b.kind }
            if a.bridge != b.bridge { return !a.bridge }
            return (a.road ?? .path) < (b.road ?? .path)
        }
        return contents
    }

    /// Features read but not yet projected, in degrees.
    private struct Batch {
        /// Vertices per trip through PROJ: big enough to amortise the call,
        /// small enough to stay a few megabytes.
        static let limit = 200_000

        var items: [(role: Role, parts: [[(Double, Double)]])] = []
        var vertexCount = 0

        mutating func append(_ role: Role, _ parts: [[(Double, Double)]]) {
            items.append((role, parts))
            vertexCount += parts.reduce(0) { $0 + $1.count }
        }

        /// Every vertex of the batch through PROJ in one call, then into `contents`.
        mutating func flush(into contents: inout Contents, projection: WebMercatorProjection) throws(BasemapError) {
            guard !items.isEmpty else { return }
            var longitudes: [Double] = [], latitudes: [Double] = []
            longitudes.reserveCapacity(vertexCount)
            latitudes.reserveCapacity(vertexCount)
            for item in items {
                for part in item.parts {
                    for (lon, lat) in part {
                        longitudes.append(lon)
                        latitudes.append(min(max(lat, -WebMercatorProjection.maximumLatitude), WebMercatorProjection.maximumLatitude))
                    }
                }
            }
            do {
                try projection.projectInPlace(longitudes: &longitudes, latitudes: &latitudes)
            } catch {
                throw .projection(error)
            }
            var index = 0
            for item in items {
                var parts: [[MercatorPoint]] = []
                for part in item.parts {
                    parts.append((0..<part.count).map { MercatorPoint(x: longitudes[index + $0], y: latitudes[index + $0]) })
                    index += part.count
                }
                switch item.role {
                case .feature(let kind, let road, let tunnel, let bridge):
                    contents.features.append(BasemapFeature(kind: kind, parts: parts, road: road, tunnel: tunnel, bridge: bridge))
                case .coastline:
                    contents.coastlines.append(contentsOf: parts)
                case .label(let name, let kind):
                    // A name never widens the map: a place's node may lie outside the data drawn.
                    contents.labels.append(BasemapLabelSource(name: name, kind: kind, points: parts[0]))
                    continue
                }
                for point in parts.joined() {
                    contents.bounds = (
                        min(contents.bounds.minX, point.x), min(contents.bounds.minY, point.y),
                        max(contents.bounds.maxX, point.x), max(contents.bounds.maxY, point.y)
                    )
                }
            }
            items.removeAll(keepingCapacity: true)
            vertexCount = 0
        }
    }

    /// One line of the export: kept as a feature, a coastline or a name, or dropped.
    private static func classify(_ line: Data, into batch: inout Batch) throws(BasemapError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: line)
        } catch {
            throw .malformedExport(error.localizedDescription)
        }
        guard let feature = object as? [String: Any],
            let geometry = feature["geometry"] as? [String: Any],
            let type = geometry["type"] as? String
        else {
            throw .malformedExport("a line is not a GeoJSON feature")
        }
        let tags = (feature["properties"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        let isArea = type == "Polygon" || type == "MultiPolygon"
        let parts = Self.parts(of: geometry["coordinates"], type: type)
        guard !parts.isEmpty else { return }
        let name = BasemapLabelSource.usableName(tags)
        if type == "Point" {
            // Of the points, only named places are kept: the rest are shops and the like.
            if let name, let rank = tags["place"].flatMap(PlaceRank.init(place:)) { batch.append(.label(name, .place(rank)), parts) }
            return
        }
        if tags["natural"] == "coastline" {
            // The line form carries the direction that says where land is.
            if !isArea { batch.append(.coastline, parts) }
            return
        }
        guard let (kind, road) = BasemapFeature.kind(tags: tags, isArea: isArea) else { return }
        let tunnel = tags["tunnel"].map { $0 != "no" } ?? false || tags["covered"] == "yes"
        let bridge = tags["bridge"].map { $0 != "no" } ?? false
        batch.append(.feature(kind, road, tunnel: tunnel, bridge: bridge), parts)
        guard let name else { return }
        switch kind {
        case .road where road?.labelZoom != nil && !tunnel:
            batch.append(.label(name, .street(road!)), parts)
        case .water, .park:
            // The outer ring of the largest polygon carries the name.
            if let ring = parts.max(by: { Self.ringArea($0) < Self.ringArea($1) }) {
                batch.append(.label(name, kind == .water ? .water : .park), [ring])
            }
        default:
            break
        }
    }

    private static func parts(of coordinates: Any?, type: String) -> [[(Double, Double)]] {
        func line(_ value: Any?) -> [(Double, Double)] {
            (value as? [[Double]] ?? []).compactMap { $0.count >= 2 ? ($0[0], $0[1]) : nil }
        }
        switch type {
        case "Point":
            guard let pair = coordinates as? [Double], pair.count >= 2 else { return [] }
            return [[(pair[0], pair[1])]]
        case "LineString": return [line(coordinates)].filter { $0.count >= 2 }
        case "Polygon": return (coordinates as? [Any] ?? []).map(line).filter { $0.count >= 3 }
        case "MultiPolygon": return (coordinates as? [[Any]] ?? []).joined().map(line).filter { $0.count >= 3 }
        default: return []
        }
    }

    /// Twice the area of a ring in degrees² (shoelace): enough to tell the largest.
    private static func ringArea(_ ring: [(Double, Double)]) -> Double {
        abs(zip(ring, ring.dropFirst() + ring.prefix(1)).reduce(0) { $0 + $1.0.0 * $1.1.1 - $1.1.0 * $1.0.1 })
    }

    /// `(minlon,minlat,maxlon,maxlat)` as osmium prints a header box.
    private static func parseBox(_ text: String) -> BoundingBox? {
        let numbers = text.split(whereSeparator: { "(), \n".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 4, numbers[0] < numbers[2], numbers[1] < numbers[3] else { return nil }
        return BoundingBox(minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
    }

    /// osmium's whole output, for the short answers (`fileinfo`).
    private func runOsmium(_ arguments: [String]) throws(BasemapError) -> Data {
        var output = Data()
        try streamOsmium(arguments) { line throws(BasemapError) in output.append(line + [0x0A]) }
        return output
    }

    /// Runs osmium (`ExternalCommand`) and hands its standard output to `body`
    /// a line at a time, without its newline. A failure in `body` stops osmium.
    private func streamOsmium(_ arguments: [String], _ body: (Data) throws(BasemapError) -> Void) throws(BasemapError) {
        let osmium: URL
        do {
            osmium = try OSMImporter.locateOsmium()
        } catch {
            throw .osmiumNotFound
        }
        do {
            try ExternalCommand(executable: osmium, arguments: arguments).run { line in try body(line) }
        } catch let error as BasemapError {
            throw error
        } catch let failure as ExternalCommand.Failure {
            switch failure {
            case .notStarted: throw .osmiumNotFound
            case .failed(let status, _, let lastLine): throw .osmiumFailed(status: status, message: lastLine ?? "no message")
            }
        } catch {
            throw .osmiumFailed(status: -1, message: error.localizedDescription)
        }
    }
}
