import Foundation
import NearbyKit
import NearbySQLite

/// An open, read-only nearby GeoPackage and the statements its queries use.
/// Used under `GeoPackagePlaces`'s lock only.
final class GeoPackageConnection {
    let metadata: GeoPackageMetadata
    let database: SQLiteDatabase
    let candidates: SQLiteStatement
    let byFID: SQLiteStatement
    let byID: SQLiteStatement
    let strings: JSONStringObject
    let componentRows: SQLiteStatement
    /// Nil for a store written before addresses were derived.
    let addresses: AddressTablesReader?
    /// Nil for a store written before the name-search index: such a store
    /// answers a name search by reading every place in range.
    let search: (matches: SQLiteStatement, typos: SQLiteStatement)?

    /// The places table's columns, a later one missing from an older store read as NULL.
    let columns: String
    /// The same, of the places table named `p` in a join, with only what an
    /// address is derived from (`UpdateTables.places(in:neighbourly:excluding:)`).
    let joinedAddressColumns: String

    /// How long reading every place may take (a million places take
    /// seconds): past it a file that makes SQLite loop or sort without end
    /// is given up on, not waited for (`GeoPackagePlaces.questionSeconds`:
    /// one question).
    static let wholeStoreSeconds = 600.0

    convenience init(path: String, questionSeconds: Double) throws {
        try self.init(SQLiteDatabase(path: path, mode: .readOnly), questionSeconds: questionSeconds)
    }

    /// Over an open database: read-only, or the one an update writes through, to read what it wrote.
    init(_ database: SQLiteDatabase, questionSeconds: Double = GeoPackagePlaces.questionSeconds) throws {
        self.database = database
        // An update in place (`GeoPackageUpdate`) locks the file while it commits: a read waits that out.
        database.waitWhenLocked(milliseconds: 10_000)
        guard case .integer(let application)? = try database.scalar("PRAGMA application_id"),
            application == Int64(GeoPackageSchema.applicationID)
        else {
            throw GeoPackageFormatError.notNearby("it is an SQLite database but not a GeoPackage")
        }
        for table in [GeoPackageSchema.places, GeoPackageSchema.rtree, GeoPackageSchema.dataset] {
            guard try database.scalar("SELECT 1 FROM sqlite_master WHERE name = '\(table)'") != nil else {
                throw GeoPackageFormatError.notNearby("it has no \(table) table")
            }
        }
        // Only tables of the shape nearby writes: a view named places (a recursive
        // one, one made of huge strings) would run whatever its author wrote.
        let present = try Self.requireTable(
            GeoPackageSchema.places, in: database,
            columns: ["fid", "geom"] + GeoPackageSchema.placeColumns.filter { !GeoPackageSchema.laterPlaceColumns.contains($0) })
        columns = (["fid", "geom"] + GeoPackageSchema.placeColumns).map { present.contains($0) ? $0 : "NULL" }.joined(separator: ", ")
        try Self.requireTable(GeoPackageSchema.rtree, in: database, module: "rtree")
        try Self.requireTable(GeoPackageSchema.dataset, in: database, columns: ["key", "value"])
        database.interrupt(after: questionSeconds)
        defer { database.interrupt(after: nil) }
        metadata = try Self.metadata(of: database)
        // The R*Tree drives; each box match is one primary-key lookup. Its
        // float32 boxes are rounded outwards by SQLite, so none is missed.
        candidates = try database.prepare(
            """
            SELECT p.fid, p.geom, p.name, p.id, p.category, p.other_categories
            FROM rtree_places_geom r JOIN places p ON p.fid = r.id
            WHERE r.minx <= ?2 AND r.maxx >= ?1 AND r.miny <= ?4 AND r.maxy >= ?3
            """)
        byFID = try database.prepare("SELECT \(columns) FROM places WHERE fid = ?")
        let addressColumns: Set = ["fid", "geom", "id", "name", "category", "other_categories", "address", "address_components"]
        joinedAddressColumns = (["fid", "geom"] + GeoPackageSchema.placeColumns)
            .map { present.contains($0) && addressColumns.contains($0) ? "p." + $0 : "NULL" }.joined(separator: ", ")
        byID = try database.prepare("SELECT \(columns) FROM places WHERE id = ?")
        strings = try JSONStringObject(database)
        componentRows = try database.prepare(
            """
            SELECT json_extract(value, '$.long_name'), json_extract(value, '$.short_name'), json_extract(value, '$.types'),
              json_extract(value, '$.source'), type
            FROM json_each(?)
            """)
        addresses = try AddressTablesReader(database, strings: strings) { table, columns, module in
            try Self.requireTable(table, in: database, columns: columns, module: module)
        }
        if try database.hasTables(SearchIndex.table, SearchIndex.words) {
            try Self.requireTable(SearchIndex.table, in: database, module: "fts5")
            try Self.requireTable(SearchIndex.words, in: database, columns: ["variant", "word"])
            search = (
                try database.prepare(
                    """
                    SELECT p.fid, p.geom, p.name, p.id, p.category, p.other_categories
                    FROM places_search s JOIN places p ON p.fid = s.rowid WHERE places_search MATCH ?
                    """),
                try database.prepare("SELECT word FROM places_search_words WHERE variant = ?")
            )
        } else {
            search = nil
        }
    }

    /// Refuses a store whose `name` is not a table (with these columns), or not a
    /// virtual table of `module`.
    /// Its columns, for a table.
    @discardableResult
    static func requireTable(_ name: String, in database: SQLiteDatabase, columns: [String] = [], module: String? = nil) throws
        -> Set<String>
    {
        let entry = try database.prepare("SELECT type, sql FROM sqlite_master WHERE name = ?")
        try entry.bind([.text(name)])
        guard try entry.step() else { throw GeoPackageFormatError.notNearby("it has no \(name) table") }
        let sql = (entry.text(1) ?? "").lowercased()
        guard entry.text(0) == "table" else {
            throw GeoPackageFormatError.notNearby("its \(name) is a \(entry.text(0) ?? "thing"), not a table")
        }
        if let module {
            guard sql.hasPrefix("create virtual table"), sql.contains("using \(module)") else {
                throw GeoPackageFormatError.notNearby("its \(name) is not an \(module) index")
            }
            return []
        }
        guard !sql.hasPrefix("create virtual table") else { throw GeoPackageFormatError.notNearby("its \(name) is a virtual table") }
        var present = Set<String>()
        let info = try database.prepare("SELECT name FROM pragma_table_info(?)")
        try info.bind([.text(name)])
        while try info.step() { if let column = info.text(0) { present.insert(column) } }
        if let missing = columns.first(where: { !present.contains($0) }) {
            throw GeoPackageFormatError.notNearby("its \(name) table has no \(missing) column")
        }
        return present
    }

    /// What `nearby_dataset` says now: within a read, the metadata of the
    /// very rows read beside it, which an update in place may have moved on
    /// from `metadata`.
    func currentMetadata() throws -> GeoPackageMetadata { try Self.metadata(of: database) }

    /// What the updates in place since `revision` changed (`ChangesTable`),
    /// as the store holds it now; nil when it does not say.
    func changes(since revision: String) throws -> StoreChanges? {
        let metadata = try currentMetadata()
        guard let current = metadata.revision else { return nil }
        var changes = StoreChanges(revision: current)
        changes.center = metadata.center
        changes.replication = metadata.replication
        guard current != revision else { return changes }
        guard let changed = try ChangesTable.changes(from: revision, to: current, in: database) else { return nil }
        changes.placeIDs = changed.places
        changes.places = try places(changed.places)
        changes.sourceIDs = changed.sources
        changes.sources = try addresses?.sources(changed.sources) ?? AddressSources()
        return changes
    }

    static func metadata(of database: SQLiteDatabase) throws -> GeoPackageMetadata {
        var rows: [String: String] = [:]
        let read = try database.prepare("SELECT key, value FROM nearby_dataset")
        while try read.step() {
            if let key = read.text(0), let value = read.text(1) { rows[key] = value }
        }
        return try GeoPackageMetadata(rows: rows)
    }

    var hasSearchIndex: Bool { search != nil }

    /// One question's reads go in one read transaction, begun here and
    /// ended by `endReading`. Outside one, SQLite takes and drops the file's
    /// read lock (two fcntl calls and a re-read of the header) for every
    /// statement, and a home feed looks up a thousand places one at a time.
    /// It also reads them all from one snapshot.
    /// Its statements are interrupted once `seconds` have passed (`SQLiteError.isInterruption`).
    func beginReading(within seconds: Double) throws {
        database.interrupt(after: seconds)
        try database.execute("BEGIN")
    }

    /// Resets every statement, which releases what they hold, and ends the read.
    func endReading() {
        for statement in statements { statement.reset() }
        // Ending a read cannot lose anything; should COMMIT refuse, ROLLBACK ends it all the same.
        if (try? database.execute("COMMIT")) == nil { try? database.execute("ROLLBACK") }
        database.interrupt(after: nil)
    }

    var statements: [SQLiteStatement] {
        [candidates, byFID, byID, strings.statement, componentRows] + (search.map { [$0.matches, $0.typos] } ?? [])
            + (addresses?.statements ?? [])
    }

    /// The places whose names may match a name search, near the circle, measured from `center`.
    /// Only candidates: `NameQuery` has the last word.
    func searchCandidates(_ name: NameQuery, around center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>?) throws
        -> [Measured]
    {
        guard let search else { return try measure(around: center, within: radius, in: categories) }
        var typos: [String: [String]] = [:]
        for word in name.words where NameQuery.allowsTypo(word) {
            var near = Set<String>()
            for variant in NameQuery.deletions(of: word) {
                try search.typos.bind([.text(variant)])
                while try search.typos.step() {
                    if let candidate = search.typos.text(0), NameQuery.withinOneEdit(word, candidate) { near.insert(candidate) }
                }
            }
            typos[word] = near.sorted()
        }
        let bounds = CircleBounds(center: center, radius: radius)
        let cells = SearchIndex.Grid.fine.cells(covering: bounds) ?? SearchIndex.Grid.coarse.cells(covering: bounds)
        try search.matches.bind([.text(SearchIndex.expression(name, typos: typos, cells: cells))])
        var measured: [Measured] = []
        let origin = GeodesicPoint(center)
        while try search.matches.step() {
            if let candidate = try measuredRow(search.matches, from: origin, in: categories) { measured.append(candidate) }
        }
        return measured
    }

    /// Every place in the boxes around a circle (in `categories` when given), measured from `center`.
    func measure(around center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>?) throws -> [Measured] {
        var measured: [Measured] = []
        // Across the antimeridian there are two boxes; a place's R*Tree box meets one of
        // them, unless the file is damaged and the box is wider: measure each place once.
        var seen = Set<Int64>()
        let origin = GeodesicPoint(center)
        for box in CircleBounds(center: center, radius: radius).boxes {
            try candidates.bind([.real(box.minLongitude), .real(box.maxLongitude), .real(box.minLatitude), .real(box.maxLatitude)])
            while try candidates.step() {
                guard let candidate = try measuredRow(candidates, from: origin, in: categories),
                    seen.insert(candidate.fid).inserted
                else { continue }
                measured.append(candidate)
            }
        }
        return measured
    }

    /// A row of (fid, geom, name, id, category, other_categories) measured, or nil when
    /// it is of none of `categories` (when given) or of a category this nearby does not know.
    func measuredRow(_ row: SQLiteStatement, from origin: GeodesicPoint, in categories: Set<PlaceCategory>?) throws -> Measured? {
        if let categories {
            guard let main = row.text(4) else { return nil }
            let kinds = [Substring(main)] + (row.text(5)?.split(separator: ",") ?? [])
            guard kinds.contains(where: { PlaceCategory(rawValue: String($0)).map(categories.contains) ?? false }) else { return nil }
        } else if row.text(4).flatMap(PlaceCategory.init(rawValue:)) == nil {
            return nil  // a category this nearby does not know, as the GeoJSON reader skips it
        }
        let coordinate = try row.withBlob(1) { bytes throws(GeoPackageFormatError) in try GeoPackagePoint.decode(bytes) }
        return Measured(
            fid: row.int64(0), distance: Geodesic.distance(from: origin, to: GeodesicPoint(coordinate)),
            name: row.text(2) ?? "", id: row.text(3) ?? "")
    }

    func place(fid: Int64) throws -> Place {
        try byFID.bind([.integer(fid)])
        guard try byFID.step() else { throw GeoPackageFormatError.row(fid: fid, "it vanished while being read") }
        return try place(from: byFID, defaultZone: metadata.timeZone)
    }

    func place(id: PlaceID) throws -> Place? {
        try byID.bind([.text(id)])
        guard try byID.step() else { return nil }
        return try place(from: byID, defaultZone: metadata.timeZone)
    }

    /// The places with these ids, as stored.
    func places(_ ids: some Collection<PlaceID>) throws -> [Place] {
        try ids.compactMap { id in
            try byID.bind([.text(id)])
            defer { byID.reset() }
            return try byID.step() ? try place(from: byID, defaultZone: nil) : nil
        }
    }

    /// Every place as stored: one names a time zone only when it has its own.
    func allPlaces() throws -> [Place] {
        let all = try database.prepare("SELECT \(columns) FROM places ORDER BY fid")
        var places: [Place] = []
        places.reserveCapacity(metadata.placeCount)
        while try all.step() {
            guard all.text(4).flatMap(PlaceCategory.init(rawValue:)) != nil else { continue }
            places.append(try place(from: all, defaultZone: nil))
        }
        return places
    }

}
