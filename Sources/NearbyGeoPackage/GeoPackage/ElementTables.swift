import Foundation
import NearbyKit
import NearbySQLite

/// The OpenStreetMap elements of the extract a store was imported from, as
/// an update needs them to find and export again what a change reaches
/// (`ElementReader`): every node's location, every way's nodes, every
/// relation's members, the tags of what the import reads, and which ways use
/// a node and which relations hold a member. Kept current by each update, in
/// the update's transaction.
enum ElementTables {
    static let nodes = "nearby_osm_nodes"
    static let ways = "nearby_osm_ways"
    static let relations = "nearby_osm_relations"
    static let wayNodes = "nearby_osm_way_nodes"
    static let members = "nearby_osm_members"

    static let schema = """
        CREATE TABLE nearby_osm_nodes (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL, tags TEXT);
        CREATE TABLE nearby_osm_ways (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, tags TEXT NOT NULL, nodes TEXT NOT NULL);
        CREATE TABLE nearby_osm_relations (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, tags TEXT NOT NULL, members TEXT NOT NULL);
        CREATE TABLE nearby_osm_way_nodes (node INTEGER NOT NULL, way INTEGER NOT NULL, PRIMARY KEY (node, way)) WITHOUT ROWID;
        CREATE TABLE nearby_osm_members (member TEXT NOT NULL, relation INTEGER NOT NULL, PRIMARY KEY (member, relation)) WITHOUT ROWID;
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_osm_nodes', 'attributes', 'nearby_osm_nodes',
                  'The extract''s nodes: locations, and the tags of those nearby reads, for updates');
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_osm_ways', 'attributes', 'nearby_osm_ways', 'The extract''s ways, for updates');
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_osm_relations', 'attributes', 'nearby_osm_relations', 'The extract''s relations, for updates');
        """

    /// Writes or replaces elements, and forgets those not visible; an
    /// element older than the one kept is left (the newest version wins, as
    /// with `osmium apply-changes`).
    final class Writer {
        private let node, way, relation, wayNode, member: SQLiteStatement
        private let dropNode, dropWay, dropRelation, dropWayNodes, dropMembers: SQLiteStatement
        private let version: [OSMElement.Kind: SQLiteStatement]

        init(_ database: SQLiteDatabase) throws {
            node = try database.prepare("INSERT OR REPLACE INTO nearby_osm_nodes (id, version, x, y, tags) VALUES (?, ?, ?, ?, ?)")
            way = try database.prepare("INSERT OR REPLACE INTO nearby_osm_ways (id, version, tags, nodes) VALUES (?, ?, ?, ?)")
            relation = try database.prepare(
                "INSERT OR REPLACE INTO nearby_osm_relations (id, version, tags, members) VALUES (?, ?, ?, ?)")
            wayNode = try database.prepare("INSERT OR IGNORE INTO nearby_osm_way_nodes (node, way) VALUES (?, ?)")
            member = try database.prepare("INSERT OR IGNORE INTO nearby_osm_members (member, relation) VALUES (?, ?)")
            dropNode = try database.prepare("DELETE FROM nearby_osm_nodes WHERE id = ?")
            dropWay = try database.prepare("DELETE FROM nearby_osm_ways WHERE id = ?")
            dropRelation = try database.prepare("DELETE FROM nearby_osm_relations WHERE id = ?")
            dropWayNodes = try database.prepare(
                "DELETE FROM nearby_osm_way_nodes WHERE way = ?1 AND node IN (SELECT value FROM json_each(?2))")
            dropMembers = try database.prepare(
                "DELETE FROM nearby_osm_members WHERE relation = ?1 AND member IN (SELECT value FROM json_each(?2))")
            version = [
                .node: try database.prepare("SELECT version FROM nearby_osm_nodes WHERE id = ?"),
                .way: try database.prepare("SELECT version, nodes FROM nearby_osm_ways WHERE id = ?"),
                .relation: try database.prepare("SELECT version, members FROM nearby_osm_relations WHERE id = ?"),
            ]
        }

        /// Which ways use which nodes, while a whole extract is written: put
        /// in order before they are inserted, as B-tree pages fill fastest.
        private var pendingWayNodes: [(node: Int64, way: Int64)]?

        /// The elements of a whole extract, into empty tables.
        func insert(_ elements: some Sequence<OSMElement>) throws {
            pendingWayNodes = []
            defer { pendingWayNodes = nil }
            for element in elements { try insert(element) }
            for pair in pendingWayNodes!.sorted(by: { ($0.node, $0.way) < ($1.node, $1.way) }) {
                try wayNode.run([.integer(pair.node), .integer(pair.way)])
            }
        }

        private func insert(_ element: OSMElement) throws {
            switch element.kind {
            case .node:
                try node.run([
                    .integer(element.id), .integer(element.version), .integer(element.x ?? 0), .integer(element.y ?? 0),
                    element.tags.isEmpty ? .null : .text(element.tags),
                ])
            case .way:
                try way.run([.integer(element.id), .integer(element.version), .text(element.tags), .text(element.references)])
                for id in Set(element.wayNodes) {
                    if pendingWayNodes != nil {
                        pendingWayNodes!.append((id, element.id))
                    } else {
                        try wayNode.run([.integer(id), .integer(element.id)])
                    }
                }
            case .relation:
                try relation.run([.integer(element.id), .integer(element.version), .text(element.tags), .text(element.references)])
                for id in Set(element.members.map { "\($0.kind.rawValue)\($0.id)" }) { try member.run([.text(id), .integer(element.id)]) }
            }
        }

        /// A changed element: false when the store holds a newer version, which is kept.
        func apply(_ element: OSMElement) throws -> Bool {
            let lookup = version[element.kind]!
            try lookup.bind([.integer(element.id)])
            var old: (version: Int64, references: String)?
            if try lookup.step() { old = (lookup.int64(0), element.kind == .node ? "" : lookup.text(1) ?? "") }
            lookup.reset()
            if let old, old.version > element.version { return false }
            let before = OSMElement(kind: element.kind, id: element.id, references: old?.references ?? "")
            switch element.kind {
            case .node:
                if !element.visible { try dropNode.run([.integer(element.id)]) }
            case .way:
                let gone = Set(before.wayNodes).subtracting(element.visible ? element.wayNodes : [])
                if !gone.isEmpty { try dropWayNodes.run([.integer(element.id), .text(Self.jsonArray(gone.map(String.init)))]) }
                if !element.visible { try dropWay.run([.integer(element.id)]) }
            case .relation:
                let key = { (member: (kind: OSMElement.Kind, id: Int64)) in "\(member.kind.rawValue)\(member.id)" }
                let gone = Set(before.members.map(key)).subtracting(element.visible ? element.members.map(key) : [])
                if !gone.isEmpty { try dropMembers.run([.integer(element.id), .text(JSONText.array(gone))]) }
                if !element.visible { try dropRelation.run([.integer(element.id)]) }
            }
            if element.visible { try insert(element) }
            return true
        }

        private static func jsonArray(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
    }

    /// Reads elements back, and which elements use others.
    final class Reader {
        private let database: SQLiteDatabase

        init(_ database: SQLiteDatabase) {
            self.database = database
        }

        /// The ways that use any of `nodes`.
        func ways(using nodes: some Collection<Int64>) throws -> Set<Int64> {
            try ids(
                "SELECT DISTINCT way FROM nearby_osm_way_nodes WHERE node IN (SELECT value FROM json_each(?))",
                "[" + nodes.map(String.init).joined(separator: ",") + "]")
        }

        /// The relations that have any of `members` (`w12`, `n3`, `r4`) as a member.
        func relations(holding members: some Collection<String>) throws -> Set<Int64> {
            try ids(
                "SELECT DISTINCT relation FROM nearby_osm_members WHERE member IN (SELECT value FROM json_each(?))", JSONText.array(members)
            )
        }

        /// The elements of one kind with these ids that the store holds (nodes with their tags, when kept).
        func elements(_ kind: OSMElement.Kind, _ ids: some Collection<Int64>) throws -> [OSMElement] {
            guard !ids.isEmpty else { return [] }
            let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
            let sql =
                switch kind {
                case .node: "SELECT id, version, x, y, tags FROM nearby_osm_nodes WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id"
                case .way: "SELECT id, version, tags, nodes FROM nearby_osm_ways WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id"
                case .relation:
                    "SELECT id, version, tags, members FROM nearby_osm_relations WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id"
                }
            let query = try database.prepare(sql)
            try query.bind([.text(list)])
            var found: [OSMElement] = []
            while try query.step() {
                if kind == .node {
                    found.append(
                        OSMElement(
                            kind: .node, id: query.int64(0), version: query.int64(1), x: query.int64(2), y: query.int64(3),
                            tags: query.text(4) ?? ""))
                } else {
                    found.append(
                        OSMElement(
                            kind: kind, id: query.int64(0), version: query.int64(1), tags: query.text(2) ?? "",
                            references: query.text(3) ?? ""))
                }
            }
            return found
        }

        private func ids(_ sql: String, _ list: String) throws -> Set<Int64> {
            let query = try database.prepare(sql)
            try query.bind([.text(list)])
            var found = Set<Int64>()
            while try query.step() { found.insert(query.int64(0)) }
            return found
        }
    }
}
