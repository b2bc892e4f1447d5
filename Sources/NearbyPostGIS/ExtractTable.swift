import Foundation
import Logging
import NIOCore
import NearbyKit
import NearbyUpdate
import PostgresNIO

/// The OpenStreetMap extract a store's places were imported from, kept in
/// the store's schema (`nearby_extract`: the file's bytes in parts, in
/// order) for `nearby update`, as the GeoPackage keeps it: the update
/// applies the changes to the extract with osmium and imports the places
/// from it again. Loaded beside the places and renamed into place in the
/// same transaction, so the places and their extract never disagree.
///
/// An update in place (`PostGISUpdate`) keeps its change files beside the
/// extract instead (`nearby_extract_changes`): reading the extract applies
/// them, and every `changesToFold` they are folded into it.
enum ExtractTable {
    static let name = "nearby_extract"
    /// One bytea value a part: a megabyte, a round trip each.
    static let partBytes = 1 << 20
    static let changes = "nearby_extract_changes"
    /// Past this many change files kept, an update folds them into the extract.
    static let changesToFold = 64

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

    /// Writes the extract kept in `table`, brought forward by the change files
    /// kept in `changes`, to `file`; false when the schema keeps none (a store
    /// imported by a nearby from before updates).
    static func copy(_ table: String, changes: String, to file: URL, on connection: PostgresConnection, logger: Logger) async throws -> Bool
    {
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
        try out.close()
        try await bringForward(file, changes: changes, on: connection, logger: logger)
        return true
    }

    /// Keeps `files` after the change files kept already (in `table`, made when missing).
    static func keep(_ files: [URL], in table: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS \(unescaped: table) (
              number integer NOT NULL, suffix text NOT NULL, part integer NOT NULL, data bytea NOT NULL, PRIMARY KEY (number, part))
            """, logger: logger)
        var number = 1
        for try await row in try await connection.query("SELECT coalesce(max(number), 0) + 1 FROM \(unescaped: table)", logger: logger) {
            number = try row.decode(Int.self)
        }
        for file in files {
            let suffix = [".osc.gz", ".osc.bz2", ".osc"].first { file.lastPathComponent.hasSuffix($0) } ?? ".osc"
            let data = try Data(contentsOf: file)
            for (part, start) in stride(from: 0, to: max(data.count, 1), by: partBytes).enumerated() {
                let bytes = ByteBuffer(bytes: data[start..<min(data.count, start + partBytes)])
                try await connection.query(
                    "INSERT INTO \(unescaped: table) (number, suffix, part, data) VALUES (\(number), \(suffix), \(part), \(bytes))",
                    logger: logger)
            }
            number += 1
        }
    }

    /// Folds the change files kept (in `changes`) into the extract (in
    /// `table`) when there are `changesToFold` of them: inside the update's
    /// transaction, which kept the last.
    static func foldChanges(
        _ table: String, changes: String, scratch: URL, on connection: PostgresConnection, logger: Logger
    ) async throws {
        var count = 0
        for try await row in try await connection.query("SELECT count(DISTINCT number) FROM \(unescaped: changes)", logger: logger) {
            count = try row.decode(Int.self)
        }
        guard count >= changesToFold else { return }
        let file = scratch.appendingPathComponent("folded.osm.pbf")
        guard try await copy(table, changes: changes, to: file, on: connection, logger: logger) else { return }
        try await connection.query("DELETE FROM \(unescaped: table)", logger: logger)
        try await connection.query("DELETE FROM \(unescaped: changes)", logger: logger)
        try await insert(file, into: table, on: connection, logger: logger)
    }

    /// Applies the change files kept in `changes`, if any, to the copy of the extract at `file`.
    private static func bringForward(_ file: URL, changes: String, on connection: PostgresConnection, logger: Logger) async throws {
        var exists = false
        for try await row in try await connection.query("SELECT to_regclass(\(changes)) IS NOT NULL", logger: logger) {
            exists = try row.decode(Bool.self)
        }
        guard exists else { return }
        let folder = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).changes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        var output: FileHandle?
        var current = 0
        let parts = try await connection.query(
            "SELECT number, suffix, data FROM \(unescaped: changes) ORDER BY number, part", logger: logger)
        for try await row in parts {
            let (number, suffix, data) = try row.decode((Int, String, ByteBuffer).self)
            if number != current {
                try output?.close()
                current = number
                if files.isEmpty { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
                let next = folder.appendingPathComponent("\(number)\(suffix)")
                guard FileManager.default.createFile(atPath: next.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: next.path])
                }
                files.append(next)
                output = try FileHandle(forWritingTo: next)
            }
            try output?.write(contentsOf: Data(data.readableBytesView))
        }
        try output?.close()
        guard !files.isEmpty else { return }
        let base = folder.appendingPathComponent("base.osm.pbf")
        try FileManager.default.moveItem(at: file, to: base)
        try OSMUpdate.apply(files, to: base, output: file, osmium: try OSMImporter.locateOsmium())
    }
}
