/// MBTiles 1.3 (github.com/mapbox/mbtiles-spec): one SQLite file, a
/// `metadata` table of name/value rows and a `tiles` table whose rows count
/// from the south (TMS), where XYZ tiles count from the north.
enum MBTilesSchema {
    /// "MPBX", which the specification asks a writer to set (`PRAGMA application_id`).
    static let applicationID: Int32 = 0x4d50_4258

    static let create = """
        CREATE TABLE metadata (name TEXT NOT NULL, value TEXT);
        CREATE UNIQUE INDEX metadata_name ON metadata (name);
        CREATE TABLE tiles (zoom_level INTEGER NOT NULL, tile_column INTEGER NOT NULL, tile_row INTEGER NOT NULL, tile_data BLOB NOT NULL);
        CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
        """

    static let selectTile = "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
    static let insertTile = "INSERT OR REPLACE INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?1, ?2, ?3, ?4)"

    /// The TMS row of the XYZ tile `y` at zoom `z` (the same flip both ways).
    static func row(_ y: Int, zoom z: Int) -> Int {
        (1 << z) - 1 - y
    }
}
