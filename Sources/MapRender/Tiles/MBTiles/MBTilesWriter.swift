import Foundation
import NIOConcurrencyHelpers
import NearbyKit
import NearbySQLite

/// Builds an MBTiles file: `build` makes it beside the target, hands the
/// writer to `body` (a render, writing tiles from every core), adds the
/// metadata, and renames it over the target in one step. Readers of the old
/// file see it whole until then; if `body` throws (an interruption, a full
/// disk), the old file stays as it was and the new one is removed.
public final class MBTilesWriter: TileSink, @unchecked Sendable {
    private let lock = NIOLock()
    private let database: SQLiteDatabase  // guarded by lock
    private let insert: SQLiteStatement  // guarded by lock
    private let path: String

    private init(path: String) throws(SQLiteError) {
        self.path = path
        database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        // A file built aside and renamed into place needs no journal: a crash leaves only the aside file.
        try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096;")
        try database.execute("PRAGMA application_id = \(MBTilesSchema.applicationID);")
        try database.execute(MBTilesSchema.create)
        try database.execute("BEGIN")
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
                let writer = try MBTilesWriter(path: temporary.path)
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

    /// The metadata MBTiles 1.3 names, then the commit.
    private func finish(_ metadata: TileSetMetadata) throws {
        let (west, south, east, north) = (metadata.bounds[0], metadata.bounds[1], metadata.bounds[2], metadata.bounds[3])
        let middle = (metadata.zooms.lowerBound + metadata.zooms.upperBound) / 2
        let rows: [(String, String)] = [
            ("name", metadata.name), ("format", "png"), ("type", "baselayer"), ("version", "1.3"),
            ("description", "Basemap tiles drawn by nearby from \(metadata.name)"),
            ("attribution", metadata.attribution),
            ("minzoom", "\(metadata.zooms.lowerBound)"), ("maxzoom", "\(metadata.zooms.upperBound)"),
            ("bounds", [west, south, east, north].map(TileSetMetadata.rounded).map { "\($0)" }.joined(separator: ",")),
            ("center", "\(TileSetMetadata.rounded((west + east) / 2)),\(TileSetMetadata.rounded((south + north) / 2)),\(middle)"),
        ]
        try lock.withLock {
            let statement = try database.prepare("INSERT INTO metadata (name, value) VALUES (?1, ?2)")
            for (name, value) in rows { try statement.run([.text(name), .text(value)]) }
            try database.execute("COMMIT")
        }
    }
}
