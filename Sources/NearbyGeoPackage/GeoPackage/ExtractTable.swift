import Foundation
import NearbyKit
import NearbySQLite
import NearbyService
import NearbyUpdate

/// The OpenStreetMap extract a store was imported from, kept in the store
/// (`nearby_extract`, the file's bytes in parts of `partBytes`) for `nearby
/// update`: a change file names what changed, not everything a change
/// touches — a building's way moves when only its nodes do, a street's new
/// name reaches the addresses derived from it — so an update applies the
/// changes to the extract and imports it again. In the store, not beside
/// it, so that the places and the extract they came from are replaced
/// together by one rename and can never disagree.
public enum ExtractTable {
    static let table = "nearby_extract"
    /// Under the 1 MiB a read-only store's values may have (`SQLiteDatabase.maximumValueLength`).
    static let partBytes = 512 << 10

    static let schema = """
        CREATE TABLE nearby_extract (part INTEGER PRIMARY KEY NOT NULL, data BLOB NOT NULL);
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_extract', 'attributes', 'nearby_extract',
                  'The OpenStreetMap extract the places were imported from (PBF, in parts), for updates');
        """

    /// The change files updates in place applied since the extract was
    /// written (`GeoPackageUpdate`), in parts as the extract is: reading the
    /// extract applies them (`copy`), and the next update that writes the
    /// store whole folds them in.
    static let changes = "nearby_extract_changes"

    static let changesSchema = """
        CREATE TABLE IF NOT EXISTS nearby_extract_changes (
          number INTEGER NOT NULL, suffix TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (number, part));
        INSERT OR IGNORE INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_extract_changes', 'attributes', 'nearby_extract_changes',
                  'The OpenStreetMap change files applied since the extract was kept (osmChange, in parts), in order');
        """

    /// Keeps `files` after the change files already kept.
    static func keep(_ files: [URL], in database: SQLiteDatabase) throws {
        try database.execute(changesSchema)
        let last = try database.scalar("SELECT max(number) FROM nearby_extract_changes")
        var number = if case .integer(let value)? = last { value + 1 } else { Int64(1) }
        let insert = try database.prepare("INSERT INTO nearby_extract_changes (number, suffix, part, data) VALUES (?, ?, ?, ?)")
        for file in files {
            let suffix = [".osc.gz", ".osc.bz2", ".osc"].first { file.lastPathComponent.hasSuffix($0) } ?? ".osc"
            let data = try Data(contentsOf: file)
            var part: Int64 = 0
            for start in stride(from: 0, to: max(data.count, 1), by: partBytes) {
                try insert.run([
                    .integer(number), .text(suffix), .integer(part), .blob(Array(data[start..<min(data.count, start + partBytes)])),
                ])
                part += 1
            }
            number += 1
        }
    }

    static func insert(_ extract: URL, into database: SQLiteDatabase) throws {
        let file = try FileHandle(forReadingFrom: extract)
        defer { try? file.close() }
        let insert = try database.prepare("INSERT INTO nearby_extract (part, data) VALUES (?, ?)")
        var part: Int64 = 0
        while let bytes = try file.read(upToCount: partBytes), !bytes.isEmpty {
            try insert.run([.integer(part), .blob(Array(bytes))])
            part += 1
        }
    }

    /// Writes the extract kept in the store at `store` to `file`; false when
    /// the store keeps none (one imported by a nearby from before updates).
    public static func copy(from store: URL, to file: URL) throws(NearbyAPIError) -> Bool {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: store.path, mode: .readOnly)
            guard try database.hasTables(table) else { return false }
        } catch {
            throw .dataUnreadable(path: store.path, reason: error.localizedDescription)
        }
        try write(database, to: file, store: store)
        try bringForward(file, in: database, store: store)
        return true
    }

    /// Past this many change files kept beside the extract, an update folds
    /// them into it (an `osmium apply-changes` of the whole extract), so
    /// that reading it out stays one short osmium run.
    static let changesToFold = 64

    /// Folds the change files kept beside the extract into it, when there
    /// are `changesToFold` or more: inside the update's transaction, which
    /// writes them.
    static func foldChanges(in database: SQLiteDatabase, store: URL, scratch: URL) throws {
        guard case .integer(let count)? = try database.scalar("SELECT count(DISTINCT number) FROM nearby_extract_changes"),
            count >= changesToFold
        else { return }
        let file = scratch.appendingPathComponent("folded.osm.pbf")
        try write(database, to: file, store: store)
        try bringForward(file, in: database, store: store)
        try database.execute("DELETE FROM nearby_extract; DELETE FROM nearby_extract_changes;")
        try insert(file, into: database)
    }

    /// Writes the extract's parts to `file`.
    private static func write(_ database: SQLiteDatabase, to file: URL, store: URL) throws(NearbyAPIError) {
        var expected: Int64 = 0
        var whole = true
        do {
            let parts = try database.prepare("SELECT part, data FROM nearby_extract ORDER BY part")
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            let output = try FileHandle(forWritingTo: file)
            defer { try? output.close() }
            while try parts.step() {
                guard parts.int64(0) == expected else {
                    whole = false
                    break
                }
                try parts.withBlob(1) { try output.write(contentsOf: $0) }
                expected += 1
            }
        } catch let error as SQLiteError {
            throw .invalidData(path: store.path, location: "its kept extract", reason: error.localizedDescription)
        } catch {
            throw .dataUnreadable(path: store.path, reason: "cannot copy its kept extract to \(file.path): \(error.localizedDescription)")
        }
        guard expected > 0, whole else {
            throw .invalidData(path: store.path, location: "its kept extract", reason: "part \(expected) is missing")
        }
    }

    /// Applies the change files kept since the extract to the copy at `file`.
    private static func bringForward(_ file: URL, in database: SQLiteDatabase, store: URL) throws(NearbyAPIError) {
        let folder = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).changes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        do {
            guard try database.hasTables(changes) else { return }
            let parts = try database.prepare("SELECT number, suffix, data FROM nearby_extract_changes ORDER BY number, part")
            var output: FileHandle?
            var current: Int64 = 0
            while try parts.step() {
                if parts.int64(0) != current {
                    try output?.close()
                    current = parts.int64(0)
                    if files.isEmpty { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
                    let next = folder.appendingPathComponent("\(current)\(parts.text(1) ?? ".osc")")
                    guard FileManager.default.createFile(atPath: next.path, contents: nil) else {
                        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: next.path])
                    }
                    files.append(next)
                    output = try FileHandle(forWritingTo: next)
                }
                try parts.withBlob(2) { try output?.write(contentsOf: $0) }
            }
            try output?.close()
        } catch {
            throw .dataUnreadable(path: store.path, reason: "cannot copy the changes kept with its extract: \(error.localizedDescription)")
        }
        guard !files.isEmpty else { return }
        let base = folder.appendingPathComponent("base.osm.pbf")
        do {
            try FileManager.default.moveItem(at: file, to: base)
            try OSMUpdate.apply(files, to: base, output: file, osmium: try OSMImporter.locateOsmium())
        } catch {
            throw .dataUnreadable(path: store.path, reason: "cannot apply the changes kept with its extract: \(error.localizedDescription)")
        }
    }
}
