import Foundation
import NIOConcurrencyHelpers
import NearbyKit
import NearbySQLite

/// Tiles from one MBTiles file (`MBTilesSchema`), read through one SQLite
/// connection at a time. A file renamed over this one (the way `nearby tiles
/// render` replaces it) is noticed at the next tile and opened in its place;
/// if the new file cannot be read, the old one, still open, goes on serving
/// and the new one is not tried again until it changes once more.
///
/// The file is outside input: `metadata` and `tiles` must be tables or views
/// (as MBTiles 1.3 allows: a `tiles` view over `map` and `images` is common),
/// never virtual tables, and no query may recurse (`WITH RECURSIVE`, which
/// can run without end). Every read is given up on after `readSeconds`; a
/// tile read that ran that long is not tried again for `restSeconds`, or
/// until the file changes, so that a file whose tiles take for ever costs a
/// server one read's bound, not a core for each request.
public final class MBTilesFile: TileSet, @unchecked Sendable {
    public let url: URL
    /// How long one read (the metadata, one tile) may take.
    public let readSeconds: Double
    private let lock = NIOLock()
    private var open: Opened  // guarded by lock
    /// The stamp of a replacement that could not be opened.
    private var refused: FileStamp?  // guarded by lock
    /// Until when tiles are not read, after a read that ran out of time (monotonic clock).
    private var restingUntil: ContinuousClock.Instant?  // guarded by lock

    /// A tile read (an index lookup, or two through a view) takes microseconds:
    /// five seconds is a file that computes, not one that is slow to read.
    public static let defaultReadSeconds = 5.0
    /// How long tiles are not read after a read ran out of time, in `readSeconds`.
    static let restReads = 12.0

    private struct Opened {
        let database: SQLiteDatabase
        let select: SQLiteStatement
        let stamp: FileStamp
        let attribution: TileSetAttribution
        let coverage: TileCoverage?
    }

    /// Opens the file and checks that it holds PNG tiles.
    /// - Parameter readSeconds: how long one read may take (from a millisecond to a minute).
    public init(url: URL, readSeconds: Double = MBTilesFile.defaultReadSeconds) throws(MBTilesError) {
        self.url = url
        self.readSeconds = readSeconds.isFinite ? min(max(readSeconds, 0.001), 60) : Self.defaultReadSeconds
        open = try Self.open(url, readSeconds: self.readSeconds)
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
            if let restingUntil {
                guard ContinuousClock.now >= restingUntil else { return .unreadable(reason: outOfTime) }
                self.restingUntil = nil
            }
            open.database.interrupt(after: readSeconds)
            defer { open.database.interrupt(after: nil) }
            do throws(SQLiteError) {
                try open.select.bind([
                    .integer(Int64(key.z)), .integer(Int64(key.x)), .integer(Int64(MBTilesSchema.row(key.y, zoom: key.z))),
                ])
                defer { open.select.reset() }
                guard try open.select.step() else { return .missing }
                return .png(open.select.withBlob(0) { [UInt8]($0) })
            } catch {
                if error.isTooBig { return .oversized(reason: "more than \(SQLiteDatabase.maximumValueLength >> 20) MB") }
                if error.isInterruption {
                    restingUntil = ContinuousClock.now + .seconds(readSeconds * Self.restReads)
                    return .unreadable(reason: outOfTime)
                }
                return .unreadable(reason: error.message)
            }
        }
    }

    private var outOfTime: String {
        "reading a tile took more than \(Self.seconds(readSeconds)); tiles are not read from it for "
            + "\(Self.seconds(readSeconds * Self.restReads)), or until it changes"
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%g s", value)
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
            open = try Self.open(url, readSeconds: readSeconds)
            refused = nil
            restingUntil = nil
        } catch {
            refused = stamp
        }
    }

    private static func open(_ url: URL, readSeconds: Double) throws(MBTilesError) -> Opened {
        func failure(_ reason: String) -> MBTilesError { MBTilesError(path: url.path, reason: reason) }
        guard let stamp = FileStamp(atPath: url.path) else { throw failure("there is no such file") }
        guard stamp.isRegularFile else { throw failure("it is not a regular file") }
        let database: SQLiteDatabase
        var metadata: [String: String] = [:]
        do {
            database = try SQLiteDatabase(path: url.path, mode: .readOnly)
            // A redraw commits into the file in place (`MBTilesWriter.update`): wait it out rather than fail a tile.
            database.waitWhenLocked(milliseconds: 2_000)
            database.refuseRecursiveQueries()
            database.interrupt(after: readSeconds)
            // SQLite opens any file; the first statement finds out what it holds.
            try MBTilesSchema.requireTableOrView("metadata", columns: ["name", "value"], in: database)
        } catch let error as SQLiteError {
            throw failure(error.isNotADatabase ? "it is not an SQLite database" : "its schema cannot be read (\(error.message))")
        } catch let error as MBTilesSchema.Problem {
            throw failure(error.reason)
        } catch {
            throw failure("\(error)")
        }
        defer { database.interrupt(after: nil) }
        do {
            // Only the names read here: a metadata view of endless distinct names must not fill memory.
            let rows = try database.prepare(
                """
                SELECT name, value FROM metadata
                WHERE name IN ('format', 'attribution', 'minzoom', 'maxzoom', 'bounds', 'extract_bounds')
                """)
            while try rows.step() {
                if let name = rows.text(0), let value = rows.text(1) { metadata[name] = value }
            }
        } catch {
            throw failure(reason(error, reading: "metadata", seconds: readSeconds))
        }
        let format = metadata["format"] ?? "png"
        guard format.lowercased() == "png" else {
            throw failure("its tiles are \(TerminalSafeText.escaped(format, limit: 20)), and nearby draws from PNG tiles")
        }
        let select: SQLiteStatement
        do {
            try MBTilesSchema.requireTableOrView("tiles", columns: ["zoom_level", "tile_column", "tile_row", "tile_data"], in: database)
            select = try database.prepare(MBTilesSchema.selectTile)
        } catch let error as MBTilesSchema.Problem {
            throw failure(error.reason)
        } catch {
            throw failure(reason(error, reading: "tiles", seconds: readSeconds))
        }
        return Opened(
            database: database, select: select, stamp: stamp,
            attribution: TileSetAttribution(value: metadata["attribution"], source: "\(url.path)'s metadata"),
            coverage: TileCoverage(
                minzoom: metadata["minzoom"], maxzoom: metadata["maxzoom"], bounds: metadata["bounds"],
                extractBounds: metadata["extract_bounds"],
                drawnByNearby: metadata["description"]?.hasPrefix(MBTilesSchema.nearbyDescription) == true))
    }

    /// Why reading `table` failed, in words.
    private static func reason(_ error: any Error, reading table: String, seconds: Double) -> String {
        guard let error = error as? SQLiteError else { return "\(error)" }
        if error.isInterruption { return "reading its \(table) took more than \(Self.seconds(seconds))" }
        if error.isRefusedQuery { return "its \(table) is a recursive query (WITH RECURSIVE), which can run without end" }
        return "its \(table) cannot be read (\(error.message))"
    }
}
