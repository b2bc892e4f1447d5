import CSQLite

/// One connection to an SQLite database file: the little of SQLite's C API
/// a GeoPackage store needs, with errors as values.
///
/// Not for concurrent use: a store serialises its calls (SQLite would
/// serialise them anyway, but its statements are not safe to share).
final class SQLiteDatabase {
    enum Mode {
        /// Never writes, never creates: a missing file is an error.
        case readOnly
        /// Creates the file when missing.
        case readWriteCreate
    }

    private let handle: OpaquePointer

    init(path: String, mode: Mode) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags = switch mode {
        case .readOnly: SQLITE_OPEN_READONLY
        case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        let status = sqlite3_open_v2(path, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let connection else {
            let error = SQLiteError(code: status, database: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw SQLiteError(code: status, database: handle) }
        return SQLiteStatement(statement, database: handle)
    }

    /// The first column of the first row, or nil when there is no row.
    func scalar(_ sql: String) throws(SQLiteError) -> SQLiteValue? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.value(0) : nil
    }

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    func transaction(_ body: () throws -> Void) throws {
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
