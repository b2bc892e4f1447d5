import NearbySQLite

/// MBTiles 1.3 (github.com/mapbox/mbtiles-spec): one SQLite file, a
/// `metadata` table of name/value rows and a `tiles` table whose rows count
/// from the south (TMS), where XYZ tiles count from the north.
enum MBTilesSchema {
    /// "MPBX", which the specification asks a writer to set (`PRAGMA application_id`).
    static let applicationID: Int32 = 0x4d50_4258

    /// How the `description` row of a file nearby draws begins: with the
    /// application id and real `metadata` and `tiles` tables, what tells a
    /// file nearby wrote (and so may replace) from anyone else's.
    static let nearbyDescription = "Basemap tiles drawn by nearby from "

    static let create = """
        CREATE TABLE metadata (name TEXT NOT NULL, value TEXT);
        CREATE UNIQUE INDEX metadata_name ON metadata (name);
        CREATE TABLE tiles (zoom_level INTEGER NOT NULL, tile_column INTEGER NOT NULL, tile_row INTEGER NOT NULL, tile_data BLOB NOT NULL);
        CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
        """

    static let selectTile = "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
    static let insertTile = "INSERT OR REPLACE INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?1, ?2, ?3, ?4)"

    /// A `tiles` or `metadata` that is not what MBTiles asks for.
    struct Problem: Error {
        let reason: String
    }

    /// Refuses a file whose `name` is neither a table nor a view (a virtual
    /// table runs a module's code: MBTiles allows no extensions), or lacks one of `columns`.
    static func requireTableOrView(_ name: String, columns: [String], in database: SQLiteDatabase) throws {
        let entry = try database.prepare("SELECT type, sql FROM sqlite_master WHERE name = ?1 COLLATE NOCASE AND type IN ('table', 'view')")
        try entry.bind([.text(name)])
        guard try entry.step() else { throw Problem(reason: "it has no \(name) table") }
        if entry.text(0) == "table", (entry.text(1) ?? "").lowercased().hasPrefix("create virtual table") {
            throw Problem(reason: "its \(name) is a virtual table, which MBTiles does not allow")
        }
        var present = Set<String>()
        // Of a view too, compiled but not run; a recursive one is refused when it is first prepared to read.
        let info = try database.prepare("SELECT name FROM pragma_table_info(?1)")
        try info.bind([.text(name)])
        while try info.step() { if let column = info.text(0) { present.insert(column.lowercased()) } }
        if let missing = columns.first(where: { !present.contains($0) }) {
            throw Problem(reason: "its \(name) has no \(missing) column")
        }
    }

    /// The TMS row of the XYZ tile `y` at zoom `z` (the same flip both ways).
    static func row(_ y: Int, zoom z: Int) -> Int {
        (1 << z) - 1 - y
    }
}
