import Foundation
import NearbyKit
import NearbySQLite
import NearbyService

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
        let parts: SQLiteStatement
        do {
            database = try SQLiteDatabase(path: store.path, mode: .readOnly)
            guard try database.scalar("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(table)'") != nil else {
                return false
            }
            parts = try database.prepare("SELECT part, data FROM nearby_extract ORDER BY part")
        } catch {
            throw .dataUnreadable(path: store.path, reason: error.localizedDescription)
        }
        var expected: Int64 = 0
        var whole = true
        do {
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
        return true
    }
}
