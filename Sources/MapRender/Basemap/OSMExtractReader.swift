import Foundation

/// Reads an OpenStreetMap extract (.osm.pbf, .osm, …) through the osmium
/// command: `osmium export` assembles ways and multipolygon relations into
/// GeoJSON geometries, which is the hard part of reading OSM data, and this
/// type keeps only what the basemap draws.
struct OSMExtractReader {
    let extract: URL

    struct Contents {
        var features: [BasemapFeature]
        /// Names to write: places, streets, water and parks.
        var labels: [BasemapLabelSource] = []
        /// The coastline ways as lines; land lies to their left.
        var coastlines: [[MercatorPoint]]
        /// The extract's declared bounds (or, without any, its data's), in metres.
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
        /// The extent of the features and coastlines read, in metres.
        var dataBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    func read(projection: WebMercatorProjection) throws(BasemapError) -> Contents {
        guard FileManager.default.fileExists(atPath: extract.path) else { throw .extractMissing(extract.path) }
        let geojson = try runOsmium(["export", "-f", "geojsonseq", "--geometry-types=point,linestring,polygon",
                                     "-x", "print_record_separator=false", "-o", "-", extract.path])
        let header = try runOsmium(["fileinfo", "-g", "header.boxes", extract.path])

        enum Role {
            case feature(BasemapFeature.Kind, RoadClass?, tunnel: Bool, bridge: Bool)
            case coastline
            case label(String, BasemapLabelSource.Kind)
        }
        var pending: [(role: Role, parts: [[(Double, Double)]])] = []
        for line in geojson.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: Data(line))
            } catch {
                throw .malformedExport(error.localizedDescription)
            }
            guard let feature = object as? [String: Any],
                  let geometry = feature["geometry"] as? [String: Any],
                  let type = geometry["type"] as? String else {
                throw .malformedExport("a line is not a GeoJSON feature")
            }
            let tags = (feature["properties"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
            let isArea = type == "Polygon" || type == "MultiPolygon"
            let parts = Self.parts(of: geometry["coordinates"], type: type)
            guard !parts.isEmpty else { continue }
            let name = BasemapLabelSource.usableName(tags)
            if type == "Point" {
                // Of the points, only named places are kept: the rest are shops and the like.
                if let name, let rank = tags["place"].flatMap(PlaceRank.init(place:)) { pending.append((.label(name, .place(rank)), parts)) }
                continue
            }
            if tags["natural"] == "coastline" {
                // The line form carries the direction that says where land is.
                if !isArea { pending.append((.coastline, parts)) }
                continue
            }
            guard let (kind, road) = BasemapFeature.kind(tags: tags, isArea: isArea) else { continue }
            let tunnel = tags["tunnel"].map { $0 != "no" } ?? false || tags["covered"] == "yes"
            let bridge = tags["bridge"].map { $0 != "no" } ?? false
            pending.append((.feature(kind, road, tunnel: tunnel, bridge: bridge), parts))
            if let name {
                switch kind {
                case .road where road?.labelZoom != nil && !tunnel:
                    pending.append((.label(name, .street(road!)), parts))
                case .water, .park:
                    // The outer ring of the largest polygon carries the name.
                    if let ring = parts.max(by: { Self.ringArea($0) < Self.ringArea($1) }) {
                        pending.append((.label(name, kind == .water ? .water : .park), [ring]))
                    }
                default:
                    break
                }
            }
        }

        // Every vertex through PROJ in one call.
        var longitudes: [Double] = [], latitudes: [Double] = []
        for item in pending {
            for part in item.parts {
                for (lon, lat) in part {
                    longitudes.append(lon)
                    latitudes.append(min(max(lat, -WebMercatorProjection.maximumLatitude), WebMercatorProjection.maximumLatitude))
                }
            }
        }
        let declared = Self.parseBox(String(decoding: header, as: UTF8.self))
        if let box = declared {
            // A whole-world header reaches the poles, which Web Mercator cannot project.
            let limit = WebMercatorProjection.maximumLatitude
            longitudes += [box.0, box.2]
            latitudes += [min(max(box.1, -limit), limit), min(max(box.3, -limit), limit)]
        }
        do {
            try projection.projectInPlace(longitudes: &longitudes, latitudes: &latitudes)
        } catch {
            throw .projection(error)
        }

        let empty = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        var contents = Contents(features: [], coastlines: [], bounds: empty, dataBounds: empty)
        var index = 0
        for item in pending {
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
                contents.bounds = (min(contents.bounds.minX, point.x), min(contents.bounds.minY, point.y),
                                   max(contents.bounds.maxX, point.x), max(contents.bounds.maxY, point.y))
            }
        }
        contents.dataBounds = contents.bounds
        if declared != nil {
            contents.bounds = (longitudes[index], latitudes[index], longitudes[index + 1], latitudes[index + 1])
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
    private static func parseBox(_ text: String) -> (Double, Double, Double, Double)? {
        let numbers = text.split(whereSeparator: { "(), \n".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 4, numbers[0] < numbers[2], numbers[1] < numbers[3] else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    private func runOsmium(_ arguments: [String]) throws(BasemapError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["osmium"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .osmiumNotFound
        }
        // Read stderr on the side so a chatty osmium cannot fill its pipe
        // and stall while this thread waits on stdout.
        let errorData = CollectedData()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.value = errors.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        guard process.terminationStatus == 0 else {
            if process.terminationStatus == 127 { throw .osmiumNotFound }
            let message = String(decoding: errorData.value, as: UTF8.self)
                .split(separator: "\n").last.map(String.init) ?? "no message"
            throw .osmiumFailed(status: process.terminationStatus, message: message)
        }
        return data
    }
}

/// Filled by one thread before a semaphore hands it to another.
private final class CollectedData: @unchecked Sendable {
    var value = Data()
}
