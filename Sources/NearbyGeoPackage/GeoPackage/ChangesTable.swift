import NearbyKit
import NearbySQLite

/// The revisions the last updates in place made (`GeoPackageMetadata.revision`,
/// each after the one before it) and the places and address sources each
/// changed: what a server holding an older revision in memory reads to
/// bring it forward (`StoreChanges`) instead of reading the store whole.
/// The last `kept` updates are kept; a reader further behind reads it whole.
enum ChangesTable {
    static let revisions = "nearby_revisions"
    static let changes = "nearby_changes"
    static let kept = 16

    private static let schema = """
        CREATE TABLE IF NOT EXISTS nearby_revisions (number INTEGER PRIMARY KEY, revision TEXT NOT NULL, previous TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS nearby_changes (number INTEGER NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS nearby_changes_number ON nearby_changes (number);
        INSERT OR IGNORE INTO gpkg_contents (table_name, data_type, identifier, description) VALUES
          ('nearby_revisions', 'attributes', 'nearby_revisions', 'The revisions the last updates made, each after the one before'),
          ('nearby_changes', 'attributes', 'nearby_changes', 'The places and address sources each of those updates changed');
        """

    /// Records that an update made `revision` from `previous`, changing these.
    static func record(
        _ revision: String, after previous: String, places: Set<PlaceID>, sources: Set<PlaceID>, in database: SQLiteDatabase
    ) throws {
        try database.execute(schema)
        let last = try database.scalar("SELECT coalesce(max(number), 0) FROM nearby_revisions")
        let number = if case .integer(let value)? = last { value + 1 } else { Int64(1) }
        try database.prepare("INSERT INTO nearby_revisions VALUES (?, ?, ?)").run([.integer(number), .text(revision), .text(previous)])
        let change = try database.prepare("INSERT INTO nearby_changes SELECT ?1, ?2, value FROM json_each(?3)")
        try change.run([.integer(number), .text("place"), .text(JSONText.array(places.sorted()))])
        try change.run([.integer(number), .text("source"), .text(JSONText.array(sources.sorted()))])
        for table in [revisions, changes] {
            try database.prepare("DELETE FROM \(table) WHERE number <= ?").run([.integer(number - Int64(kept))])
        }
    }

    /// What the updates from `revision` to `current` changed; nil when the
    /// store does not say (updated apart from that revision, or too long ago).
    static func changes(from revision: String, to current: String, in database: SQLiteDatabase) throws
        -> (places: Set<PlaceID>, sources: Set<PlaceID>)?
    {
        guard try database.hasTables(revisions, changes) else { return nil }
        let chain = try database.prepare("SELECT number, revision, previous FROM nearby_revisions ORDER BY number")
        var first: Int64?
        var reached = revision
        while try chain.step() {
            guard let made = chain.text(1), let previous = chain.text(2) else { return nil }
            if first == nil, previous == revision { first = chain.int64(0) }
            guard first != nil else { continue }
            guard previous == reached else { return nil }
            reached = made
        }
        guard let first, reached == current else { return nil }
        var places = Set<PlaceID>()
        var sources = Set<PlaceID>()
        let rows = try database.prepare("SELECT kind, id FROM nearby_changes WHERE number >= ?")
        try rows.bind([.integer(first)])
        while try rows.step() {
            guard let id = rows.text(1) else { continue }
            switch rows.text(0) {
            case "place": places.insert(id)
            case "source": sources.insert(id)
            default: throw GeoPackageFormatError.notNearby("its \(changes) table names a change of another kind than place or source")
            }
        }
        return (places, sources)
    }
}
