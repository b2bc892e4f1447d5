import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The OpenStreetMap extract a store's places were imported from, kept in
/// the store's schema (`nearby_extract`: the file's bytes in parts, in
/// order) for `nearby update`, as the GeoPackage keeps it: the update
/// applies the changes to the extract with osmium and imports the places
/// from it again. Loaded beside the places and renamed into place in the
/// same transaction, so the places and their extract never disagree.
enum ExtractTable {
    static let name = "nearby_extract"
    /// One bytea value a part: a megabyte, a round trip each.
    static let partBytes = 1 << 20

    static func create(_ table: String) -> String {
        "CREATE TABLE \(table) (part integer PRIMARY KEY, data bytea NOT NULL)"
    }

    /// Writes the file at `extract` into `table` (made by `create`), part by part.
    static func insert(_ extract: URL, into table: String, on connection: PostgresConnection, logger: Logger) async throws {
        let file = try FileHandle(forReadingFrom: extract)
        defer { try? file.close() }
        var part = 0
        while let bytes = try file.read(upToCount: partBytes), !bytes.isEmpty {
            try await connection.query(
                "INSERT INTO \(unescaped: table) (part, data) VALUES (\(part), \(ByteBuffer(bytes: bytes)))", logger: logger)
            part += 1
        }
    }

    /// Writes the extract kept in `table` to `file`; false when the schema
    /// keeps none (a store imported by a nearby from before updates).
    static func copy(_ table: String, to file: URL, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let exists = try await connection.query("SELECT to_regclass(\(table)) IS NOT NULL", logger: logger)
        for try await row in exists where try !row.decode(Bool.self) { return false }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let out = try FileHandle(forWritingTo: file)
        defer { try? out.close() }
        for try await row in try await connection.query("SELECT data FROM \(unescaped: table) ORDER BY part", logger: logger) {
            try out.write(contentsOf: Data(try row.decode(ByteBuffer.self).readableBytesView))
        }
        return true
    }
}
