import NearbyKit

/// Reads the values of a static map request's parameters, and counts the
/// points they add so that the total limit holds across all of them.
struct StaticMapParameterReader {
    private(set) var pointCount = 0

    static let colourShape = "a colour: black, brown, green, purple, yellow, blue, gray, orange, red, white, 0xRRGGBB or 0xRRGGBBAA"

    // MARK: Single values

    func zoom(_ value: String) throws(StaticMapError) -> Int {
        guard let zoom = Self.wholeNumber(value) else {
            throw .malformed(parameter: "zoom", value: value, expected: "a whole number")
        }
        guard (0...MapViewport.maximumExplicitZoom).contains(zoom) else {
            throw .outOfRange(parameter: "zoom", value: value, allowed: "0 to \(MapViewport.maximumExplicitZoom)")
        }
        return zoom
    }

    func size(_ value: String) throws(StaticMapError) -> (Int, Int) {
        let size: (width: Int, height: Int)
        do throws(SnapshotError) {
            size = try MapSnapshotOptions.parseSize(value)
        } catch {
            throw .malformed(parameter: "size", value: value, expected: "WIDTHxHEIGHT in points, such as 600x400")
        }
        let range = 1...StaticMapRequest.maximumSide
        guard range.contains(size.width), range.contains(size.height) else {
            throw .outOfRange(parameter: "size", value: value, allowed: "each side 1 to \(StaticMapRequest.maximumSide)")
        }
        return size
    }

    func scale(_ value: String) throws(StaticMapError) -> Int {
        guard let scale = Self.wholeNumber(value) else {
            throw .malformed(parameter: "scale", value: value, expected: "1, 2 or 3")
        }
        guard (1...3).contains(scale) else {
            throw .outOfRange(parameter: "scale", value: value, allowed: "1, 2 or 3")
        }
        return scale
    }

    /// Every image is a PNG; whether it is a palette one (`png8`).
    func format(_ value: String) throws(StaticMapError) -> Bool {
        switch value.lowercased() {
        case "png8": return true
        case "png", "png32": return false
        case "gif", "jpg", "jpg-baseline":
            throw .unsupported(parameter: "format", value: value, reason: "maps are drawn as PNG only")
        default:
            throw .malformed(parameter: "format", value: value, expected: "png, png8 or png32")
        }
    }

    func mapType(_ value: String) throws(StaticMapError) {
        switch value.lowercased() {
        case "roadmap": return
        case "satellite", "terrain", "hybrid":
            throw .unsupported(parameter: "maptype", value: value, reason: "only roadmap is drawn, from OpenStreetMap data")
        default:
            throw .malformed(parameter: "maptype", value: value, expected: "roadmap")
        }
    }

    // MARK: Locations

    /// `lat,lng` in decimal degrees, inside the Web Mercator map.
    mutating func location(_ value: String, parameter: String, counts: Bool = true) throws(StaticMapError) -> Coordinate {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = DecimalText.value(parts[0]), let longitude = DecimalText.value(parts[1]) else {
            throw .notALocation(parameter: parameter, value: value)
        }
        let coordinate = try Self.coordinate(latitude: latitude, longitude: longitude, parameter: parameter, value: value)
        if counts { try count(1, parameter: parameter) }
        return coordinate
    }

    /// `lat,lng|lat,lng|…` with no styles (the `visible` parameter).
    mutating func locations(_ value: String, parameter: String) throws(StaticMapError) -> [Coordinate] {
        var result: [Coordinate] = []
        for item in value.split(separator: "|") where !Self.trimmed(item).isEmpty {
            result.append(try location(String(item), parameter: parameter))
        }
        return result
    }

    // MARK: Markers and paths

    /// `style|style|…|location|location|…`: the styles hold for the whole group.
    mutating func markers(_ value: String) throws(StaticMapError) -> [MapMarker] {
        var color = MapMarker.defaultColor
        var label: Character?
        var size = MapMarker.Size.normal
        var positions: [Coordinate] = []
        for item in value.split(separator: "|") {
            let text = Self.trimmed(item)
            guard !text.isEmpty else { continue }
            guard let colon = text.firstIndex(of: ":") else {
                positions.append(try location(String(text), parameter: "markers"))
                continue
            }
            let key = text[..<colon].lowercased(), setting = String(text[text.index(after: colon)...])
            switch key {
            case "color":
                guard let parsed = MapColor(parsing: setting) else {
                    throw .malformed(parameter: "markers", value: String(text), expected: Self.colourShape)
                }
                color = parsed
            case "label":
                guard setting.count == 1, let character = setting.uppercased().first,
                    character.isASCII, character.isLetter || character.isNumber
                else {
                    throw .malformed(parameter: "markers", value: String(text), expected: "one character A-Z or 0-9")
                }
                label = character
            case "size":
                guard let parsed = MapMarker.Size(rawValue: setting.lowercased()) else {
                    throw .malformed(parameter: "markers", value: String(text), expected: "tiny, small, mid or normal")
                }
                size = parsed
            case "icon", "anchor", "scale":
                throw .unsupported(parameter: "markers", value: String(text), reason: "custom marker icons are not drawn")
            default:
                throw .malformed(
                    parameter: "markers", value: String(text), expected: "a marker style (color, label, size) or a lat,lng location")
            }
        }
        return positions.map { MapMarker(coordinate: $0, color: color, label: label, size: size) }
    }

    /// `style|…|point|point|…` or `style|…|enc:POLYLINE`; nil for a path
    /// without points (Google draws nothing for it either).
    mutating func path(_ value: String) throws(StaticMapError) -> MapPath? {
        var path = MapPath(points: [])
        var rest = value[...]
        while !rest.isEmpty {
            // An encoded polyline may itself hold "|": it runs to the end.
            let start = rest.drop(while: { $0 == " " })
            if start.prefix(4).lowercased() == "enc:" {
                let decoded: [(latitude: Double, longitude: Double)]
                do throws(EncodedPolyline.Failure) {
                    decoded = try EncodedPolyline.decode(start.dropFirst(4), limit: max(StaticMapRequest.maximumPoints - pointCount, 0))
                } catch .tooManyPoints {
                    throw .tooManyPoints(parameter: "path", limit: StaticMapRequest.maximumPoints)
                } catch {
                    throw .malformed(parameter: "path", value: String(start), expected: "an encoded polyline after enc:")
                }
                for (latitude, longitude) in decoded {
                    path.points.append(
                        try Self.coordinate(latitude: latitude, longitude: longitude, parameter: "path", value: String(start)))
                }
                try count(decoded.count, parameter: "path")
                break
            }
            let end = rest.firstIndex(of: "|") ?? rest.endIndex
            let text = Self.trimmed(rest[..<end])
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            guard !text.isEmpty else { continue }
            guard let colon = text.firstIndex(of: ":") else {
                path.points.append(try location(String(text), parameter: "path"))
                continue
            }
            let key = text[..<colon].lowercased(), setting = String(text[text.index(after: colon)...])
            switch key {
            case "color", "fillcolor":
                guard let parsed = MapColor(parsing: setting) else {
                    throw .malformed(parameter: "path", value: String(text), expected: Self.colourShape)
                }
                if key == "color" { path.color = parsed } else { path.fillColor = parsed }
            case "weight":
                guard let weight = Self.wholeNumber(setting) else {
                    throw .malformed(parameter: "path", value: String(text), expected: "a weight in whole pixels")
                }
                guard (0...MapPath.maximumWeight).contains(weight) else {
                    throw .outOfRange(parameter: "path", value: String(text), allowed: "weight 0 to \(MapPath.maximumWeight)")
                }
                path.weight = weight
            case "geodesic":
                // Accepted; lines are drawn straight on the Mercator map,
                // which is what a geodesic looks like at city scale.
                guard ["true", "false"].contains(setting.lowercased()) else {
                    throw .malformed(parameter: "path", value: String(text), expected: "geodesic:true or geodesic:false")
                }
            default:
                throw .malformed(
                    parameter: "path", value: String(text),
                    expected: "a path style (color, weight, fillcolor, geodesic), a lat,lng point or enc:")
            }
        }
        return path.points.isEmpty ? nil : path
    }

    // MARK: Numbers

    private mutating func count(_ added: Int, parameter: String) throws(StaticMapError) {
        pointCount += added
        guard pointCount <= StaticMapRequest.maximumPoints else {
            throw .tooManyPoints(parameter: parameter, limit: StaticMapRequest.maximumPoints)
        }
    }

    private static func coordinate(latitude: Double, longitude: Double, parameter: String, value: String) throws(StaticMapError)
        -> Coordinate
    {
        guard abs(latitude) <= WebMercatorProjection.maximumLatitude, abs(longitude) <= 180,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else {
            throw .outOfRange(
                parameter: parameter, value: value,
                allowed: "latitude within ±85.0511 (the Web Mercator map), longitude within ±180")
        }
        return coordinate
    }

    /// Digits only (at most 4): "+1", "1e3", " 5" and "-0" are not zooms or scales.
    static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    static func trimmed(_ text: Substring) -> Substring {
        var start = text.startIndex, end = text.endIndex
        while start < end, text[start] == " " { start = text.index(after: start) }
        while end > start, text[text.index(before: end)] == " " { end = text.index(before: end) }
        return text[start..<end]
    }
}
