import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds.
private func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// One connection to an SQLite database file: the little of SQLite's C API
/// nearby's files need (the GeoPackage store, MBTiles), with errors as values.
///
/// Not for concurrent use: a store serialises its calls (SQLite would
/// serialise them anyway, but its statements are not safe to share).
package final class SQLiteDatabase {
    package enum Mode {
        /// Never writes, never creates: a missing file is an error.
        case readOnly
        /// Writes a file that is there (an MBTiles file a tile redraw adds
        /// to): a missing file is an error, and it is read as defensively as
        /// one opened to read.
        case readWrite
        /// Creates the file when missing.
        case readWriteCreate
    }

    private let handle: OpaquePointer
    /// When the statement running now must give up, as nanoseconds of the
    /// monotonic clock (0: no limit); read by SQLite's progress handler.
    private let deadline = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

    /// The longest string or blob a read file may hold: a name, an address, a
    /// place's tags are far shorter, and a file holding a longer one (a
    /// hundred-million-character name) would otherwise be read into memory whole.
    package static let maximumValueLength: Int32 = 1 << 20

    package init(path: String, mode: Mode) throws(SQLiteError) {
        if mode == .readOnly { Self.rollBackInterruptedWrite(at: path) }
        var connection: OpaquePointer?
        let flags =
            switch mode {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        let status = sqlite3_open_v2(path, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let connection else {
            let error = SQLiteError(code: status, database: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        deadline.initialize(to: 0)
        sqlite3_extended_result_codes(handle, 0)
        if mode != .readWriteCreate {
            // A file to read is outside input: no trust in its schema, no value past the limit.
            let defended = nearby_sqlite3_defend(handle)
            guard defended == SQLITE_OK else { throw SQLiteError(code: defended, database: handle) }
            sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maximumValueLength)
        }
        // Also heeds the cancellation of the task reading (a server shutting down mid-reload).
        sqlite3_progress_handler(
            handle, 10_000,
            { context in
                if Task.isCancelled { return 1 }
                guard let limit = context?.assumingMemoryBound(to: UInt64.self).pointee, limit != 0 else { return 0 }
                return monotonicNanoseconds() > limit ? 1 : 0
            }, UnsafeMutableRawPointer(deadline))
    }

    /// A writer killed inside a transaction (`nearby update` in place) leaves
    /// its rollback journal, which the next connection must play back before
    /// it reads, and only one allowed to write can: a reader opens the file
    /// to write once, when it may, to have SQLite do so, and reads the file as
    /// it was before that transaction. (A journal a live writer holds is not
    /// played back: its lock says it is live.)
    private static func rollBackInterruptedWrite(at path: String) {
        var journal = stat()
        guard stat(path + "-journal", &journal) == 0, journal.st_size > 0, access(path, W_OK) == 0 else { return }
        var connection: OpaquePointer?
        if sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK {
            sqlite3_exec(connection, "PRAGMA schema_version", nil, nil, nil)
        }
        sqlite3_close_v2(connection)
    }

    deinit {
        sqlite3_close_v2(handle)
        deadline.deallocate()
    }

    /// Statements from now on are interrupted (SQLITE_INTERRUPT) once `seconds`
    /// have passed, however the file makes them loop or sort; nil lifts the limit.
    package func interrupt(after seconds: Double?) {
        deadline.pointee = seconds.map { monotonicNanoseconds() + UInt64($0 * 1e9) } ?? 0
    }

    /// Statements prepared from now on may not run a recursive query (`WITH
    /// RECURSIVE`), not even through a view: one can run without end, and
    /// files such as MBTiles never need one. Preparing such a statement fails
    /// (`SQLiteError.isRefusedQuery`).
    package func refuseRecursiveQueries() {
        sqlite3_set_authorizer(
            handle,
            { _, action, _, _, _, _ in action == SQLITE_RECURSIVE ? SQLITE_DENY : SQLITE_OK }, nil)
    }

    /// Lets this connection take strings and blobs up to `bytes` long (past
    /// `maximumValueLength`): for a writer of a file it knows, which binds
    /// long lists of its own (an update's ids as one JSON array).
    package func allowValues(upTo bytes: Int32) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, bytes)
    }

    /// A statement that finds the file locked by another connection's commit
    /// tries again for up to `milliseconds` before failing with SQLITE_BUSY.
    package func waitWhenLocked(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one or more statements that return no rows.
    package func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw SQLiteError(code: status, database: handle) }
        return SQLiteStatement(statement, database: handle)
    }

    /// The first column of the first row, or nil when there is no row.
    package func scalar(_ sql: String) throws(SQLiteError) -> SQLiteValue? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.value(0) : nil
    }

    /// Whether the schema holds a table of each of these names (a virtual table is one).
    package func hasTables(_ names: String...) throws(SQLiteError) -> Bool {
        let list = names.map { _ in "?" }.joined(separator: ", ")
        let statement = try prepare("SELECT count(DISTINCT name) FROM sqlite_master WHERE type = 'table' AND name IN (\(list))")
        try statement.bind(names.map { .text($0) })
        return try statement.step() && statement.value(0) == .integer(Int64(Set(names).count))
    }

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    package func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
