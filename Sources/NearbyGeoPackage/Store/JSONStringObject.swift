import NearbyKit
import NearbySQLite

/// Reads a JSON object whose values are all strings (a place's tags, an
/// area's names, an element's `addr:*` values): as nearby writes it, in
/// place (`PlainJSON`); else with SQLite's own JSON reader — a home feed
/// reads a thousand rows, and a Codable decode of each row's tags cost more
/// than the rest of the row.
struct JSONStringObject {
    private let pairs: SQLiteStatement

    init(_ database: SQLiteDatabase) throws {
        pairs = try database.prepare("SELECT key, value, type FROM json_each(?)")
    }

    var statement: SQLiteStatement { pairs }

    /// The object, or `refused` for anything else: json_each walks an array
    /// or a scalar too, and a value that is not a string is no tag.
    func read(_ json: String, refused: GeoPackageFormatError) throws -> [String: String] {
        try PlainJSON.stringObject(json) ?? readBySQLite(json, refused: refused)
    }

    /// What `PlainJSON` leaves.
    func readBySQLite(_ json: String, refused: GeoPackageFormatError) throws -> [String: String] {
        guard json.utf8.first(where: { !" \t\n\r".utf8.contains($0) }) == UInt8(ascii: "{") else { throw refused }
        var values: [String: String] = [:]
        do {
            try pairs.bind([.text(json)])
            while try pairs.step() {
                guard pairs.text(2) == "text", let key = pairs.text(0), let value = pairs.text(1) else { throw refused }
                values[key] = value
            }
        } catch let error as SQLiteError where !error.isInterruption {
            // An interruption is the reader's deadline or cancellation, not the row's fault.
            throw refused
        }
        return values
    }
}
