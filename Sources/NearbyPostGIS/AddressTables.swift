import Foundation
import NearbyKit
import NearbyService
import PostgresNIO

/// The four tables beside `nearby_places` that hold what reverse geocoding
/// needs (`AddressSources`), as the GeoPackage's address tables do: named
/// streets, addressed elements, areas, `place=*` nodes, each with a GiST
/// index on a `geometry(…, 4326)` column. They are loaded with the places
/// (`PostGISImporter`) and swapped in with them.
///
/// A question reads them in one statement (one snapshot), the candidates
/// chosen as the GeoPackage chooses them (boxes around the position), and
/// the areas tested for containment here, in SQL: a country's outline stays
/// in the database, and only its box comes back.
struct AddressTables: Sendable {
    let schema: String

    static let names = ["nearby_address_streets", "nearby_address_points", "nearby_address_areas", "nearby_address_places"]

    var quotedSchema: String { "\"\(schema)\"" }
    func table(_ name: String) -> String { "\(quotedSchema).\(name)" }

    /// Each table's columns, name and type, in COPY's order.
    static let columns: [String: [(name: String, type: String)]] = [
        "nearby_address_streets": [
            ("id", "text NOT NULL"), ("name", "text NOT NULL"), ("kind", "text NOT NULL"),
            ("geom", "geometry(MultiLineString, 4326) NOT NULL"),
        ],
        "nearby_address_points": [
            ("id", "text NOT NULL"), ("anchor_x", "float8 NOT NULL"), ("anchor_y", "float8 NOT NULL"), ("address", "jsonb NOT NULL"),
            ("geom", "geometry(Geometry, 4326) NOT NULL"),
        ],
        "nearby_address_areas": [
            ("id", "text NOT NULL"), ("kind", "text NOT NULL"), ("level", "integer"), ("name", "text NOT NULL"),
            ("names", "jsonb NOT NULL"),
            ("code", "text"), ("postcode", "text"), ("label_x", "float8 NOT NULL"), ("label_y", "float8 NOT NULL"),
            ("geom", "geometry(MultiPolygon, 4326) NOT NULL"),
        ],
        "nearby_address_places": [
            ("id", "text NOT NULL"), ("rank", "text NOT NULL"), ("name", "text NOT NULL"), ("names", "jsonb NOT NULL"),
            ("geom", "geometry(Point, 4326) NOT NULL"),
        ],
    ]

    static func copyColumns(_ name: String) -> [String] { columns[name]!.map(\.name) }

    static func create(_ table: String, name: String, token: String) -> [String] {
        [
            "CREATE TABLE \(table) (\(columns[name]!.map { "\($0.name) \($0.type)" }.joined(separator: ", ")))",
            "CREATE INDEX \(name)_geom_\(token) ON \(table) USING gist (geom)",
        ]
    }

    /// Each table's COPY lines, a batch at a time.
    static func copyLines(_ sources: AddressSources, table name: String, batch: Int, _ body: (String) async throws -> Void) async rethrows {
        func json(_ object: [String: String]) -> String { JSONText.object(object) }
        let rows: [[String?]]
        switch name {
        case "nearby_address_streets":
            rows = sources.streets.map { [$0.id, $0.name, $0.kind.rawValue, ewkb(.lines($0.lines))] }
        case "nearby_address_points":
            rows = sources.points.map { point in
                [
                    point.id, "\(point.position.longitude)", "\(point.position.latitude)", json(point.address),
                    ewkb(point.outline.isEmpty ? .point(point.position) : .polygons(point.outline)),
                ]
            }
        case "nearby_address_areas":
            rows = sources.areas.map { area in
                let (kind, level): (String, String?) =
                    switch area.kind {
                    case .administrative(let level): ("administrative", "\(level)")
                    case .postalCode: ("postal_code", nil)
                    case .place(let rank): ("place=\(rank.rawValue)", nil)
                    }
                let label = area.label ?? WKB.Shape.polygons(area.polygons).box.centre
                return [
                    area.id, kind, level, area.name, json(area.names), area.code, area.postcode, "\(label.longitude)", "\(label.latitude)",
                    ewkb(.polygons(area.polygons)),
                ]
            }
        default:
            rows = sources.placeNodes.map { [$0.id, $0.rank.rawValue, $0.name, json($0.names), ewkb(.point($0.position))] }
        }
        var text = ""
        for (index, row) in rows.enumerated() {
            PlacesTable.copyFields(row, into: &text)
            if (index + 1) % batch == 0 {
                try await body(text)
                text = ""
            }
        }
        if !text.isEmpty { try await body(text) }
    }

    /// Hex EWKB with SRID 4326, which a `geometry(…, 4326)` column takes from COPY.
    static func ewkb(_ shape: WKB.Shape) -> String {
        var bytes: [UInt8] = []
        WKB.encode(shape, into: &bytes)
        // Byte order, then the type with the EWKB SRID flag, then the SRID.
        bytes[4] |= 0x20
        bytes.insert(contentsOf: [0xE6, 0x10, 0, 0], at: 5)
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// One statement for every table: what `AddressIndex` may use at the
    /// position (as `AddressTablesReader` reads a GeoPackage).
    func around(_ position: Coordinate) -> PostgresQuery {
        func boxes(_ reach: Double) -> String {
            CircleBounds(center: position, radius: reach).boxes.map {
                "geom && ST_MakeEnvelope(\($0.minLongitude), \($0.minLatitude), \($0.maxLongitude), \($0.maxLatitude), 4326)"
            }.joined(separator: " OR ")
        }
        let point = "ST_SetSRID(ST_MakePoint(\(position.longitude), \(position.latitude)), 4326)"
        let near = boxes(AddressIndex.neighbourReach)
        return PostgresQuery(
            unsafeSQL: union([near, near, "geom && \(point) AND ST_Covers(geom, \(point))", boxes(AddressIndex.reach)], wholeAreas: false))
    }

    /// One statement for every table, each row where its condition holds
    /// (streets, addressed elements, areas, `place=*` nodes), the areas whole:
    /// what an update reads (`PostGISUpdate`).
    func whole(_ conditions: [String]) -> String { union(conditions, wholeAreas: true) }

    /// The rows `add` reads; areas whole (`B`) or as their boxes (`b`).
    private func union(_ conditions: [String], wholeAreas: Bool) -> String {
        """
        SELECT 's', id, name, ST_AsBinary(geom), kind, NULL, NULL, NULL, NULL::integer, NULL::float8, NULL::float8
          FROM \(table(Self.names[0])) WHERE \(conditions[0])
        UNION ALL
        SELECT 'a', id, NULL, ST_AsBinary(geom), address::text, NULL, NULL, NULL, NULL, anchor_x, anchor_y
          FROM \(table(Self.names[1])) WHERE \(conditions[1])
        UNION ALL
        SELECT \(wholeAreas ? "'B', id, name, ST_AsBinary(geom)" : "'b', id, name, ST_AsBinary(ST_Envelope(geom))"),
               kind, names::text, code, postcode, level, label_x, label_y
          FROM \(table(Self.names[2])) WHERE \(conditions[2])
        UNION ALL
        SELECT 'p', id, name, ST_AsBinary(geom), rank, names::text, NULL, NULL, NULL, NULL, NULL
          FROM \(table(Self.names[3])) WHERE \(conditions[3])
        """
    }

    /// Adds a row of `around`'s statement to `sources`.
    static func add(_ row: PostgresRow, to sources: inout AddressSources, store: PostGISStoreURL) throws(NearbyAPIError) {
        let columns: (String, String, String?, ByteBuffer, String?, String?, String?, String?, Int?, Double?, Double?)
        do {
            columns = try row.decode((String, String, String?, ByteBuffer, String?, String?, String?, String?, Int?, Double?, Double?).self)
        } catch {
            throw StoreFailure.error(error, store: store)
        }
        let (kind, id, name, geometry, a, b, code, postcode, level, x, y) = columns
        func unusable(_ reason: String) -> NearbyAPIError {
            .storeUnavailable(
                url: store.description,
                reason: "holds address element \(TerminalSafeText.escaped(id, limit: 40)) \(reason); import the data again with this nearby"
            )
        }
        func strings(_ text: String?) throws(NearbyAPIError) -> [String: String] {
            guard let text else { return [:] }
            guard let object = JSONColumn.strings(text) else { throw unusable("with text that is not an object of strings") }
            return object
        }
        let decoded = Array(geometry.readableBytesView).withUnsafeBytes { bytes in
            Result { () throws(WKB.Invalid) in try WKB.decode(bytes) }
        }
        let shape: WKB.Shape
        switch decoded {
        case .success(let value): shape = value
        case .failure(let error): throw unusable("with a geometry nearby cannot read (\(error.reason))")
        }
        switch (kind, shape) {
        case ("s", .lines(let lines)):
            guard let kind = a.flatMap(NamedStreet.Kind.init(rawValue:)) else { throw unusable("of a street kind nearby does not know") }
            sources.streets.append(NamedStreet(id: id, name: name ?? "", kind: kind, lines: lines))
        case ("a", _):
            let outline: [Polygon]
            if case .polygons(let polygons) = shape { outline = polygons } else { outline = [] }
            sources.points.append(AddressPoint(id: id, position: LonLat(x ?? 0, y ?? 0), outline: outline, address: try strings(a)))
        case ("b", _), ("B", .polygons):
            let box = shape.box
            let rectangle: Polygon = [
                [
                    LonLat(box.minLongitude, box.minLatitude), LonLat(box.maxLongitude, box.minLatitude),
                    LonLat(box.maxLongitude, box.maxLatitude), LonLat(box.minLongitude, box.maxLatitude),
                ]
            ]
            var polygons = [rectangle]
            if case .polygons(let whole) = shape, kind == "B" { polygons = whole }
            let areaKind: AddressArea.Kind
            switch a ?? "" {
            case "administrative": areaKind = .administrative(level: level ?? 0)
            case "postal_code": areaKind = .postalCode
            case let other:
                guard other.hasPrefix("place="), let rank = PlaceRank(rawValue: String(other.dropFirst(6))) else {
                    throw unusable("of a kind nearby does not know")
                }
                areaKind = .place(rank)
            }
            // Asked of one position, the database has tested the containment;
            // the box stands in for the outline, so that the index's own test
            // holds and its size still ranks nested areas.
            sources.areas.append(
                AddressArea(
                    id: id, kind: areaKind, name: name ?? "", names: try strings(b), code: code, postcode: postcode,
                    label: LonLat(x ?? 0, y ?? 0), polygons: polygons))
        case ("p", .point(let position)):
            guard let rank = a.flatMap(PlaceRank.init(rawValue:)) else { throw unusable("of a rank nearby does not know") }
            sources.placeNodes.append(PlaceNode(id: id, rank: rank, name: name ?? "", names: try strings(b), position: position))
        default:
            throw unusable("with a geometry of the wrong type")
        }
    }
}
