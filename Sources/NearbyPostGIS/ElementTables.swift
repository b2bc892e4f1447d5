import Foundation
import Logging
import NearbyKit
import PostgresNIO

/// What an update in place (`PostGISUpdate`) needs beside the places, as
/// the GeoPackage keeps it: the extract's OpenStreetMap elements (every
/// node's location, every way's nodes, every relation's members, the tags
/// of what the import reads, and which ways use a node and which relations
/// hold a member) and the places mapped as areas (`AreaPlace`). Loaded with
/// the places from the extract kept with them (`PostGISImporter`) and
/// swapped in with them; kept current by each update, in its transaction.
struct ElementTables: Sendable {
    let schema: String

    static let names = [
        "nearby_osm_nodes", "nearby_osm_ways", "nearby_osm_relations", "nearby_osm_way_nodes", "nearby_osm_members",
        "nearby_area_places",
    ]

    var quotedSchema: String { "\"\(schema)\"" }
    func table(_ name: String) -> String { "\(quotedSchema).\(name)" }
    var nodes: String { table(Self.names[0]) }
    var ways: String { table(Self.names[1]) }
    var relations: String { table(Self.names[2]) }
    var wayNodes: String { table(Self.names[3]) }
    var members: String { table(Self.names[4]) }
    var areaPlaces: String { table(Self.names[5]) }

    /// Each table's columns, name and type, in COPY's order.
    static let columns: [String: [(name: String, type: String)]] = [
        "nearby_osm_nodes": [("id", "bigint"), ("version", "bigint"), ("x", "bigint"), ("y", "bigint"), ("tags", "text")],
        "nearby_osm_ways": [("id", "bigint"), ("version", "bigint"), ("tags", "text"), ("nodes", "text")],
        "nearby_osm_relations": [("id", "bigint"), ("version", "bigint"), ("tags", "text"), ("members", "text")],
        "nearby_osm_way_nodes": [("node", "bigint"), ("way", "bigint")],
        "nearby_osm_members": [("member", "text"), ("relation", "bigint")],
        "nearby_area_places": [
            ("id", "text"), ("name", "text"), ("category", "text"), ("min_x", "float8"), ("min_y", "float8"), ("max_x", "float8"),
            ("max_y", "float8"), ("folded_into", "text"),
        ],
    ]

    static func copyColumns(_ name: String) -> [String] { columns[name]!.map(\.name) }

    /// A table without its keys, which are made once it is filled (`keys`).
    static func create(_ table: String, name: String) -> String {
        let nullable: Set = ["tags", "folded_into"]
        let columns = columns[name]!.map { "\($0.name) \($0.type)" + (nullable.contains($0.name) ? "" : " NOT NULL") }
        return "CREATE TABLE \(table) (\(columns.joined(separator: ", ")))"
    }

    /// The keys and indexes of a filled table; their names carry the load's
    /// token, as the places' do, so that the old table's go with it.
    static func keys(_ table: String, name: String, token: String) -> [String] {
        let key: String =
            switch name {
            case "nearby_osm_way_nodes": "node, way"
            case "nearby_osm_members": "member, relation"
            default: "id"
            }
        var statements = ["ALTER TABLE \(table) ADD CONSTRAINT \(name)_key_\(token) PRIMARY KEY (\(key))"]
        if name == "nearby_area_places" {
            statements += [
                "CREATE INDEX \(name)_name_\(token) ON \(table) (name, category)",
                "CREATE INDEX \(name)_folded_\(token) ON \(table) (folded_into) WHERE folded_into IS NOT NULL",
            ]
        }
        return statements
    }

    /// The COPY lines of the extract's elements, by table, a batch a string.
    static func copyLines(_ elements: some Sequence<OSMElement>, batch: Int) -> [String: [String]] {
        var lines: [String: [String]] = [:]
        var pending: [String: (text: String, count: Int)] = [:]
        for element in elements {
            for (name, fields) in rows(element) {
                PlacesTable.copyFields(fields, into: &pending[name, default: ("", 0)].text)
                pending[name]!.count += 1
                if pending[name]!.count == batch {
                    lines[name, default: []].append(pending[name]!.text)
                    pending[name] = nil
                }
            }
        }
        for (name, rest) in pending { lines[name, default: []].append(rest.text) }
        return lines
    }

    /// The rows an element is, by table.
    static func rows(_ element: OSMElement) -> [(String, [String?])] {
        switch element.kind {
        case .node:
            return [
                (
                    names[0],
                    [
                        "\(element.id)", "\(element.version)", "\(element.x ?? 0)", "\(element.y ?? 0)",
                        element.tags.isEmpty ? nil : element.tags,
                    ]
                )
            ]
        case .way:
            return [(names[1], ["\(element.id)", "\(element.version)", element.tags, element.references])]
                + Set(element.wayNodes).sorted().map { (names[3], ["\($0)", "\(element.id)"]) }
        case .relation:
            return [(names[2], ["\(element.id)", "\(element.version)", element.tags, element.references])]
                + Set(element.members.map { "\($0.kind.rawValue)\($0.id)" }).sorted().map { (names[4], [$0, "\(element.id)"]) }
        }
    }

    /// The COPY line of an area place.
    static func copyLine(_ area: AreaPlace, into text: inout String) {
        PlacesTable.copyFields(
            [
                area.id, area.name, area.category.rawValue, "\(area.box.minLongitude)", "\(area.box.minLatitude)",
                "\(area.box.maxLongitude)", "\(area.box.maxLatitude)", area.foldedInto,
            ], into: &text)
    }
}
