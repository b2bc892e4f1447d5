import Foundation
import NearbyKit
import NearbySQLite

/// Reads the address tables (`AddressTables`) of an open store: all of
/// them, for a dataset held in memory, or what lies around one position,
/// for a store queried in place. A store written before them has none and
/// reads as empty sources.
final class AddressTablesReader {
    private let database: SQLiteDatabase
    private let near: [String: SQLiteStatement]
    private let inBox: [String: SQLiteStatement]
    private let containing: SQLiteStatement
    private let strings: JSONStringObject

    private static let columns = [
        AddressTables.streets: "t.geom, t.id, t.name, t.kind",
        AddressTables.points: "t.geom, t.id, t.anchor_x, t.anchor_y, t.address",
        AddressTables.areas: "t.geom, t.id, t.kind, t.level, t.name, t.names, t.code, t.postcode, t.label_x, t.label_y",
        AddressTables.places: "t.geom, t.id, t.rank, t.name, t.names",
    ]

    /// Nil when the store has no address tables.
    init?(_ database: SQLiteDatabase, strings: JSONStringObject, requireTable: (String, [String], String?) throws -> Void) throws {
        guard try database.hasTables(AddressTables.streets) else { return nil }
        for table in AddressTables.all {
            let names = Self.columns[table]!.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).dropFirst(2) }
            try requireTable(table, ["fid"] + names.map(String.init), nil)
            try requireTable(AddressTables.rtree(table), [], "rtree")
        }
        self.database = database
        var near: [String: SQLiteStatement] = [:]
        for table in AddressTables.all {
            near[table] = try database.prepare(
                """
                SELECT \(Self.columns[table]!) FROM \(AddressTables.rtree(table)) r JOIN \(table) t ON t.fid = r.id
                WHERE r.minx <= ?2 AND r.maxx >= ?1 AND r.miny <= ?4 AND r.maxy >= ?3
                """)
        }
        self.near = near
        var inBox: [String: SQLiteStatement] = [:]
        for table in AddressTables.all {
            inBox[table] = try database.prepare(
                """
                SELECT \(Self.columns[table]!) FROM \(table) t WHERE t.fid IN (SELECT id FROM \(AddressTables.rtree(table))
                WHERE minx <= ?2 AND maxx >= ?1 AND miny <= ?4 AND maxy >= ?3)
                """)
        }
        self.inBox = inBox
        containing = near[AddressTables.areas]!
        self.strings = strings
    }

    var statements: [SQLiteStatement] { Array(near.values) + Array(inBox.values) }

    /// Everything, for an index held in memory.
    func all() throws -> AddressSources {
        var sources = AddressSources()
        for table in AddressTables.all {
            let every = try database.prepare("SELECT \(Self.columns[table]!) FROM \(table) t ORDER BY t.fid")
            while try every.step() { try add(every, from: table, to: &sources) }
        }
        return sources
    }

    /// What `AddressIndex` may use at a position: streets and addressed
    /// elements within its neighbour reach, `place=*` nodes within the
    /// largest rank's reach, and the areas whose boxes hold the position.
    func around(_ position: Coordinate) throws -> AddressSources {
        var sources = AddressSources()
        var seen = Set<String>()
        let reaches = [
            (AddressTables.streets, AddressIndex.neighbourReach), (AddressTables.points, AddressIndex.neighbourReach),
            (AddressTables.places, AddressIndex.reach),
        ]
        for (table, reach) in reaches {
            for box in CircleBounds(center: position, radius: reach).boxes {
                let statement = near[table]!
                try statement.bind([.real(box.minLongitude), .real(box.maxLongitude), .real(box.minLatitude), .real(box.maxLatitude)])
                while try statement.step() {
                    guard seen.insert(table + (statement.text(1) ?? "")).inserted else { continue }
                    try add(statement, from: table, to: &sources)
                }
            }
        }
        let (x, y) = (position.longitude, position.latitude)
        try containing.bind([.real(x), .real(x), .real(y), .real(y)])
        while try containing.step() { try add(containing, from: AddressTables.areas, to: &sources) }
        return sources
    }

    /// What `AddressIndex` may use anywhere in a box: as `around`, from each of its points.
    func around(_ box: BoundingBox) throws -> AddressSources {
        var sources = AddressSources()
        let reaches = [
            (AddressTables.streets, AddressIndex.neighbourReach), (AddressTables.points, AddressIndex.neighbourReach),
            (AddressTables.places, AddressIndex.reach), (AddressTables.areas, 0),
        ]
        for (table, reach) in reaches {
            let grown = reach > 0 ? box.expanded(by: reach) : box
            let statement = inBox[table]!
            try statement.bind([.real(grown.minLongitude), .real(grown.maxLongitude), .real(grown.minLatitude), .real(grown.maxLatitude)])
            defer { statement.reset() }
            while try statement.step() { try add(statement, from: table, to: &sources) }
        }
        return sources
    }

    /// The sources with these ids, in every table.
    func sources(_ ids: some Collection<PlaceID>) throws -> AddressSources {
        var sources = AddressSources()
        let list = SQLiteValue.text(JSONText.array(ids))
        for table in AddressTables.all {
            let rows = try database.prepare("SELECT \(Self.columns[table]!) FROM \(table) t WHERE t.id IN (SELECT value FROM json_each(?))")
            try rows.bind([list])
            while try rows.step() { try add(rows, from: table, to: &sources) }
        }
        return sources
    }

    private func add(_ row: SQLiteStatement, from table: String, to sources: inout AddressSources) throws {
        let shape = try row.withBlob(0) { bytes throws(GeoPackageFormatError) in try GeoPackageGeometry.decode(bytes) }
        guard let id = row.text(1), !id.isEmpty else { throw GeoPackageFormatError.notNearby("a row of its \(table) has no id") }
        func refuse(_ what: String) -> GeoPackageFormatError { .notNearby("\(id) in its \(table) table has \(what)") }
        switch (table, shape) {
        case (AddressTables.streets, .lines(let lines)):
            guard let name = row.text(2) else { throw refuse("no name") }
            guard let kind = row.text(3).flatMap(NamedStreet.Kind.init(rawValue:)) else {
                throw refuse("a street kind nearby does not know")
            }
            sources.streets.append(NamedStreet(id: id, name: name, kind: kind, lines: lines))
        case (AddressTables.points, let shape):
            let anchor = LonLat(row.double(2), row.double(3))
            let outline: [Polygon]
            switch shape {
            case .point: outline = []
            case .polygons(let polygons): outline = polygons
            case .lines: throw refuse("a line for a geometry")
            }
            sources.points.append(AddressPoint(id: id, position: anchor, outline: outline, address: try strings(row.text(4), id, table)))
        case (AddressTables.areas, .polygons(let polygons)):
            let kind: AddressArea.Kind
            switch row.text(2) ?? "" {
            case "administrative":
                guard !row.isNull(3) else { throw refuse("no admin level") }
                kind = .administrative(level: Int(row.int64(3)))
            case "postal_code": kind = .postalCode
            case let other:
                guard other.hasPrefix("place="), let rank = PlaceRank(rawValue: String(other.dropFirst(6))) else {
                    throw refuse("a kind nearby does not know")
                }
                kind = .place(rank)
            }
            guard let name = row.text(4) else { throw refuse("no name") }
            sources.areas.append(
                AddressArea(
                    id: id, kind: kind, name: name, names: try strings(row.text(5), id, table), code: row.text(6),
                    postcode: row.text(7), label: row.isNull(8) ? nil : LonLat(row.double(8), row.double(9)), polygons: polygons))
        case (AddressTables.places, .point(let position)):
            guard let rank = row.text(2).flatMap(PlaceRank.init(rawValue:)) else { throw refuse("a rank nearby does not know") }
            guard let name = row.text(3) else { throw refuse("no name") }
            sources.placeNodes.append(
                PlaceNode(id: id, rank: rank, name: name, names: try strings(row.text(4), id, table), position: position))
        default:
            throw refuse("a geometry of the wrong type")
        }
    }

    /// A JSON object of strings (names by language, `addr:*` values).
    private func strings(_ json: String?, _ id: String, _ table: String) throws -> [String: String] {
        guard let json else { return [:] }
        return try strings.read(json, refused: .notNearby("\(id) in its \(table) table has text that is not a JSON object of strings"))
    }
}
