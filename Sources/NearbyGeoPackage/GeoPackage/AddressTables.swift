import Foundation
import NearbyKit
import NearbySQLite

/// The four feature tables that hold what reverse geocoding needs
/// (`AddressSources`), each with its R*Tree, registered so that QGIS shows
/// them as layers: named streets, addressed elements, areas, `place=*` nodes.
enum AddressTables {
    static let streets = "address_streets"
    static let points = "address_points"
    static let areas = "address_areas"
    static let places = "address_places"
    static let all = [streets, points, areas, places]

    static func rtree(_ table: String) -> String { "rtree_\(table)_geom" }

    static let schema: String = {
        let tables = [
            (
                streets, "MULTILINESTRING", "id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL",
                "Named streets (highway=* with a name)"
            ),
            (
                points, "GEOMETRY", "id TEXT NOT NULL, anchor_x DOUBLE NOT NULL, anchor_y DOUBLE NOT NULL, address TEXT NOT NULL",
                "Elements with addr:* tags: address points, addressed buildings"
            ),
            (
                areas, "MULTIPOLYGON",
                "id TEXT NOT NULL, kind TEXT NOT NULL, level INTEGER, name TEXT NOT NULL, names TEXT, code TEXT, postcode TEXT, "
                    + "label_x DOUBLE, label_y DOUBLE",
                "Administrative and postal boundaries, place=* areas"
            ),
            (places, "POINT", "id TEXT NOT NULL, rank TEXT NOT NULL, name TEXT NOT NULL, names TEXT", "place=* nodes"),
        ]
        return tables.map { table, type, columns, description in
            """
            CREATE TABLE \(table) (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom \(type) NOT NULL, \(columns));
            INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
              VALUES ('\(table)', 'features', '\(table)', '\(description), for addresses; © OpenStreetMap contributors (ODbL)', 4326);
            INSERT INTO gpkg_geometry_columns VALUES ('\(table)', 'geom', '\(type)', 4326, 0, 0);
            CREATE VIRTUAL TABLE \(rtree(table)) USING rtree(id, minx, maxx, miny, maxy);
            CREATE INDEX \(table)_id ON \(table) (id);
            INSERT INTO gpkg_extensions VALUES
              ('\(table)', 'geom', 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
            """
        }.joined(separator: "\n")
    }()

    /// Removes the sources with these ids from every table, and their boxes.
    static func remove(_ ids: some Collection<PlaceID>, from database: SQLiteDatabase) throws {
        let list = SQLiteValue.text(JSONText.array(ids))
        for table in all {
            let match = "SELECT fid FROM \(table) WHERE id IN (SELECT value FROM json_each(?))"
            try database.prepare("DELETE FROM \(rtree(table)) WHERE id IN (\(match))").run([list])
            try database.prepare("DELETE FROM \(table) WHERE fid IN (\(match))").run([list])
        }
    }

    /// Writes the sources into the tables, after the rows they hold.
    static func insert(_ sources: AddressSources, into database: SQLiteDatabase) throws {
        func text(_ object: [String: String]) -> SQLiteValue {
            object.isEmpty ? .null : .text(JSONText.object(object))
        }
        func optional(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
        try fill(streets, ["id", "name", "kind"], sources.streets) { street in
            (.lines(street.lines), [.text(street.id), .text(street.name), .text(street.kind.rawValue)])
        }
        try fill(points, ["id", "anchor_x", "anchor_y", "address"], sources.points) { point in
            (
                point.outline.isEmpty ? .point(point.position) : .polygons(point.outline),
                [.text(point.id), .real(point.position.longitude), .real(point.position.latitude), text(point.address)]
            )
        }
        try fill(areas, ["id", "kind", "level", "name", "names", "code", "postcode", "label_x", "label_y"], sources.areas) { area in
            let (kind, level): (String, SQLiteValue) =
                switch area.kind {
                case .administrative(let level): ("administrative", .integer(Int64(level)))
                case .postalCode: ("postal_code", .null)
                case .place(let rank): ("place=\(rank.rawValue)", .null)
                }
            return (
                .polygons(area.polygons),
                [
                    .text(area.id), .text(kind), level, .text(area.name), text(area.names), optional(area.code),
                    optional(area.postcode),
                    area.label.map { .real($0.longitude) } ?? .null, area.label.map { .real($0.latitude) } ?? .null,
                ]
            )
        }
        try fill(places, ["id", "rank", "name", "names"], sources.placeNodes) { node in
            (.point(node.position), [.text(node.id), .text(node.rank.rawValue), .text(node.name), text(node.names)])
        }

        func fill<Item>(_ table: String, _ columns: [String], _ items: [Item], _ row: (Item) throws -> (WKB.Shape, [SQLiteValue]))
            throws
        {
            let all = ["fid", "geom"] + columns
            let insert = try database.prepare(
                "INSERT INTO \(table) (\(all.joined(separator: ", "))) VALUES (\(all.map { _ in "?" }.joined(separator: ", ")))")
            let index = try database.prepare("INSERT INTO \(rtree(table)) VALUES (?, ?, ?, ?, ?)")
            let last = try database.scalar("SELECT seq FROM sqlite_sequence WHERE name = '\(table)'")
            let first = if case .integer(let seq)? = last { seq + 1 } else { Int64(1) }
            for (offset, item) in items.enumerated() {
                let fid = first + Int64(offset)
                let (shape, values) = try row(item)
                try insert.run([.integer(fid), .blob(GeoPackageGeometry.encode(shape))] + values)
                let box = shape.box
                try index.run([
                    .integer(fid), .real(box.minLongitude), .real(box.maxLongitude), .real(box.minLatitude), .real(box.maxLatitude),
                ])
            }
        }
    }
}
