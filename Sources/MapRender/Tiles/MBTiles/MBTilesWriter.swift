import Foundation
import NIOConcurrencyHelpers
import NearbyKit
import NearbySQLite

/// Writes an MBTiles file, in one of two ways. `build` makes a new file
/// beside the target, hands the writer to `body` (a render, writing tiles
/// from every core), adds the metadata, and renames it over the target in one
/// step. `update` writes the tiles a redraw gives into the file in place, in
/// one transaction. Either way readers see the old tiles until the new ones
/// are all there, and if `body` throws (an interruption, a full disk) the
/// file stays as it was.
public final class MBTilesWriter: TileSink, @unchecked Sendable {
    private let lock = NIOLock()
    private let database: SQLiteDatabase  // guarded by lock
    private let insert: SQLiteStatement  // guarded by lock
    private let path: String

    /// A new file (`creating`), or one there to add to.
    private init(path: String, creating: Bool) throws(SQLiteError) {
        self.path = path
        database = try SQLiteDatabase(path: path, mode: creating ? .readWriteCreate : .readWrite)
        if creating {
            // A file built aside and renamed into place needs no journal: a crash leaves only the aside file.
            try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096;")
            try database.execute("PRAGMA application_id = \(MBTilesSchema.applicationID);")
            try database.execute(MBTilesSchema.create)
            try database.execute("BEGIN")
        } else {
            // Readers (a running `serve`) wait out the commit rather than fail.
            database.waitWhenLocked(milliseconds: 10_000)
            try database.execute("BEGIN IMMEDIATE")
        }
        insert = try database.prepare(MBTilesSchema.insertTile)
    }

    /// - Parameters:
    ///   - url: the MBTiles file to make or replace.
    ///   - inputs: files never written over (the extract being read).
    ///   - body: writes the tiles; returns the metadata, or nil to leave the target as it was.
    /// - Returns: whether the file was written (false when `body` returned nil).
    @discardableResult
    public static func build(_ url: URL, inputs: Set<FileIdentity> = [], _ body: (MBTilesWriter) throws -> TileSetMetadata?)
        throws -> Bool
    {
        final class Outcome { var abandoned = false }
        let outcome = Outcome()
        do {
            try AtomicFile.build(url, inputs: inputs, streamReason: "an MBTiles file is a database, not a stream") { temporary in
                let writer = try MBTilesWriter(path: temporary.path, creating: true)
                guard let metadata = try body(writer) else {
                    outcome.abandoned = true
                    throw CancellationError()
                }
                try writer.finish(metadata)
            }
        } catch {
            if outcome.abandoned { return false }
            throw error
        }
        return true
    }

    /// Why `build` must not replace what is at `url`, or nil when it may:
    /// nothing is there, an empty file, or an MBTiles file nearby wrote — an
    /// SQLite database with MBTiles' application id (`MPBX`), `metadata` and
    /// `tiles` tables, and a `description` that begins "Basemap tiles drawn
    /// by nearby from ". Anything else (a text file, a GeoPackage, another
    /// tool's tiles) is the user's, and stays. What is not a regular file is
    /// `AtomicFile`'s to refuse.
    public static func reasonNotToReplace(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        do throws(SQLiteError) {
            let database = try SQLiteDatabase(path: url.path, mode: .readOnly)
            database.refuseRecursiveQueries()
            database.interrupt(after: MBTilesFile.defaultReadSeconds)
            guard case .integer(let application)? = try database.scalar("PRAGMA application_id"),
                application == Int64(MBTilesSchema.applicationID)
            else { return "it is an SQLite database but not an MBTiles file" }
            let tables = try database.scalar(
                """
                SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('metadata', 'tiles')
                AND lower(sql) NOT LIKE 'create virtual table%'
                """)
            guard tables == .integer(2) else { return "its metadata and tiles are not both tables" }
            let description = try database.prepare("SELECT value FROM metadata WHERE name = 'description'")
            while try description.step() {
                if description.text(0)?.hasPrefix(MBTilesSchema.nearbyDescription) == true { return nil }
            }
            return "its description does not say that nearby drew it"
        } catch {
            return error.isNotADatabase ? "it is not an SQLite database" : "it cannot be read as one (\(error.message))"
        }
    }

    /// Adds to the MBTiles file at `url` in one transaction: the tiles `body`
    /// writes replace those there, and the metadata's zooms and bounds widen to
    /// the metadata it returns (the rest of the file's metadata stays). If
    /// `body` returns nil or throws, the file is left as it was.
    /// - Returns: whether the file was written.
    @discardableResult
    public static func update(_ url: URL, _ body: (MBTilesWriter) throws -> TileSetMetadata?) throws -> Bool {
        let old = try MBTilesFile(url: url)
        let writer: MBTilesWriter
        do {
            writer = try MBTilesWriter(path: url.path, creating: false)
        } catch {
            throw MBTilesError(path: url.path, reason: error.message, writing: true)
        }
        do {
            guard let metadata = try body(writer) else {
                try writer.lock.withLock { try writer.database.execute("ROLLBACK") }
                return false
            }
            try writer.finish(metadata.widened(toCover: old.coverage), replacing: true)
        } catch {
            try? writer.lock.withLock { try writer.database.execute("ROLLBACK") }
            throw error
        }
        return true
    }

    public func write(_ png: [UInt8], for key: TileKey) throws(PNGError) {
        lock.lock()
        defer { lock.unlock() }
        do throws(SQLiteError) {
            try insert.run([
                .integer(Int64(key.z)), .integer(Int64(key.x)), .integer(Int64(MBTilesSchema.row(key.y, zoom: key.z))), .blob(png),
            ])
        } catch {
            throw .writeFailed(path: path, reason: error.message)
        }
    }

    /// The metadata MBTiles 1.3 names, then the commit; `replacing` keeps
    /// the rows a redraw has no news of (name, description, credit), which
    /// may be another tool's.
    private func finish(_ metadata: TileSetMetadata, replacing: Bool = false) throws {
        let (west, south, east, north) = (metadata.bounds[0], metadata.bounds[1], metadata.bounds[2], metadata.bounds[3])
        let middle = (metadata.zooms.lowerBound + metadata.zooms.upperBound) / 2
        let rows: [(String, String)] =
            [
                ("name", metadata.name), ("format", "png"), ("type", "baselayer"), ("version", "1.3"),
                ("description", MBTilesSchema.nearbyDescription + metadata.name),
                ("attribution", metadata.attribution),
                ("minzoom", "\(metadata.zooms.lowerBound)"), ("maxzoom", "\(metadata.zooms.upperBound)"),
                ("bounds", [west, south, east, north].map(TileSetMetadata.rounded).map { "\($0)" }.joined(separator: ",")),
                ("center", "\(TileSetMetadata.rounded((west + east) / 2)),\(TileSetMetadata.rounded((south + north) / 2)),\(middle)"),
            ] + (metadata.extractBoundsValues.map { [("extract_bounds", $0.map { "\($0)" }.joined(separator: ","))] } ?? [])
        let renewed: Set<String> = ["minzoom", "maxzoom", "bounds", "center", "extract_bounds"]
        try lock.withLock {
            // Not INSERT OR REPLACE: another tool's metadata table may lack the unique index on name.
            let remove = try database.prepare("DELETE FROM metadata WHERE name = ?1")
            let statement = try database.prepare("INSERT INTO metadata (name, value) VALUES (?1, ?2)")
            for (name, value) in rows where !replacing || renewed.contains(name) {
                if replacing { try remove.run([.text(name)]) }
                try statement.run([.text(name), .text(value)])
            }
            try database.execute("COMMIT")
        }
    }
}
