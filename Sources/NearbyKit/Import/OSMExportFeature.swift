/// One line of `osmium export -f geojsonseq -a type,id`: a GeoJSON feature
/// whose properties are the OSM tags plus `@type` and `@id`.
struct OSMExportFeature: Decodable {
    enum Geometry: Decodable {
        case point(InteriorPoint.Point)
        case lineString([InteriorPoint.Point])
        case polygons([InteriorPoint.Polygon])
        case other(String)

        private enum CodingKeys: String, CodingKey { case type, coordinates }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let type = try c.decode(String.self, forKey: .type)
            func points(_ raw: [[Double]]) -> [InteriorPoint.Point] {
                raw.compactMap { $0.count >= 2 ? ($0[0], $0[1]) : nil }
            }
            switch type {
            case "Point":
                let p = try c.decode([Double].self, forKey: .coordinates)
                guard p.count >= 2 else {
                    self = .other("Point without coordinates")
                    return
                }
                self = .point((p[0], p[1]))
            case "LineString":
                self = .lineString(points(try c.decode([[Double]].self, forKey: .coordinates)))
            case "Polygon":
                self = .polygons([try c.decode([[[Double]]].self, forKey: .coordinates).map(points)])
            case "MultiPolygon":
                self = .polygons(try c.decode([[[[Double]]]].self, forKey: .coordinates).map { $0.map(points) })
            default:
                self = .other(type)
            }
        }
    }

    /// Tag values are strings; `@id` is a number.
    private struct Scalar: Decodable {
        var text: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) {
                text = s
            } else if let i = try? c.decode(Int64.self) {
                text = String(i)
            } else {
                text = String(try c.decode(Double.self))
            }
        }
    }

    var geometry: Geometry
    var tags: [String: String]
    var osmType: String
    var osmID: Int64

    private enum CodingKeys: String, CodingKey { case geometry, properties }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        geometry = try c.decode(Geometry.self, forKey: .geometry)
        var properties = try c.decode([String: Scalar].self, forKey: .properties).mapValues(\.text)
        osmType = properties.removeValue(forKey: "@type") ?? ""
        osmID = properties.removeValue(forKey: "@id").flatMap { Int64($0) } ?? 0
        tags = properties
    }

    /// `n123`, `w456`, `r789`.
    var placeID: PlaceID { "\(osmType.prefix(1))\(osmID)" }

    /// Where the pin goes: the node itself, the middle vertex of a line, or a
    /// point inside an area.
    var anchor: InteriorPoint.Point? {
        switch geometry {
        case .point(let p): p
        case .lineString(let line): line.isEmpty ? nil : line[line.count / 2]
        case .polygons(let polygons): InteriorPoint.of(polygons)
        case .other: nil
        }
    }
}
