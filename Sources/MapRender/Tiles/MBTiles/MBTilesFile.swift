import Foundation
import NIOConcurrencyHelpers
import NearbyKit
import NearbySQLite

/// Tiles from one MBTiles file (`MBTilesSchema`), read through one SQLite
/// connection at a time. A file renamed over this one (the way `nearby tiles
/// render` replaces it) is noticed at the next tile and opened in its place;
/// if the new file cannot be read, the old one, still open, goes on serving
/// and the new one is not tried again until it changes once more.
public final class MBTilesFile: TileSet, @unchecked Sendable {
    public let url: URL
    private let lock = NIOLock()
    private var open: Opened  // guarded by lock
    /// The stamp of a replacement that could not be opened.
    private var refused: FileStamp?  // guarded by lock

    private struct Opened {
        let database: SQLiteDatabase
        let select: SQLiteStatement
        let stamp: FileStamp
        let attribution: TileSetAttribution
        let coverage: TileCoverage?
    }

    /// Opens the file and checks that it holds PNG tiles.
    public init(url: URL) throws(MBTilesError) {
        self.url = url
        open = try Self.open(url)
    }

    public var path: String { url.path }

    public var attribution: TileSetAttribution { current().attribution }

    public var coverage: TileCoverage? { current().coverage }

    public func version(of key: TileKey) -> FileStamp? {
        FileStamp(atPath: url.path)
    }

    public func read(_ key: TileKey) -> TileRead {
        lock.withLock {
            reopenIfReplaced()
            do throws(SQLiteError) {
                try open.select.bind([
                    .integer(Int64(key.z)), .integer(Int64(key.x)), .integer(Int64(MBTilesSchema.row(key.y, zoom: key.z))),
                ])
                defer { open.select.reset() }
                guard try open.select.step() else { return .missing }
                return .png(open.select.withBlob(0) { [UInt8]($0) })
            } catch {
                if error.isTooBig { return .oversized(reason: "more than \(SQLiteDatabase.maximumValueLength >> 20) MB") }
                return .unreadable(reason: error.message)
            }
        }
    }

    private func current() -> Opened {
        lock.withLock {
            reopenIfReplaced()
            return open
        }
    }

    /// Must hold `lock`.
    private func reopenIfReplaced() {
        guard let stamp = FileStamp(atPath: url.path), stamp.identity != open.stamp.identity, stamp != refused else { return }
        do {
            open = try Self.open(url)
            refused = nil
        } catch {
            refused = stamp
        }
    }

    private static func open(_ url: URL) throws(MBTilesError) -> Opened {
        func failure(_ reason: String) -> MBTilesError { MBTilesError(path: url.path, reason: reason) }
        guard let stamp = FileStamp(atPath: url.path) else { throw failure("there is no such file") }
        guard stamp.isRegularFile else { throw failure("it is not a regular file") }
        let database: SQLiteDatabase
        var metadata: [String: String] = [:]
        do {
            database = try SQLiteDatabase(path: url.path, mode: .readOnly)
            // A redraw commits into the file in place (`MBTilesWriter.update`): wait it out rather than fail a tile.
            database.waitWhenLocked(milliseconds: 2_000)
            let rows = try database.prepare("SELECT name, value FROM metadata")
            while try rows.step() {
                if let name = rows.text(0), let value = rows.text(1) { metadata[name] = value }
            }
        } catch {
            // SQLite opens any file; the first statement finds out what it holds.
            throw failure(error.isNotADatabase ? "it is not an SQLite database" : "it has no metadata table (\(error.message))")
        }
        let format = metadata["format"] ?? "png"
        guard format.lowercased() == "png" else {
            throw failure("its tiles are \(TerminalSafeText.escaped(format, limit: 20)), and nearby draws from PNG tiles")
        }
        let select: SQLiteStatement
        do {
            select = try database.prepare(MBTilesSchema.selectTile)
        } catch {
            throw failure("it has no tiles table (\(error.message))")
        }
        return Opened(
            database: database, select: select, stamp: stamp,
            attribution: TileSetAttribution(value: metadata["attribution"], source: "\(url.path)'s metadata"),
            coverage: TileCoverage(
                minzoom: metadata["minzoom"], maxzoom: metadata["maxzoom"], bounds: metadata["bounds"],
                extractBounds: metadata["extract_bounds"]))
    }
}
