import CSQLite

/// A value of a column or a parameter, as SQLite types them.
package enum SQLiteValue: Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A prepared statement: bind, step through the rows, read columns, reset.
package final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: OpaquePointer

    init(_ handle: OpaquePointer, database: OpaquePointer) {
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// SQLite copies what is bound, so the Swift values may go right after.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds parameters 1…n; resets the statement first so it can run again.
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status =
                switch value {
                case .integer(let number): sqlite3_bind_int64(handle, index, number)
                case .real(let number): sqlite3_bind_double(handle, index, number)
                case .text(let text): sqlite3_bind_text(handle, index, text, -1, Self.transient)
                case .blob(let bytes):
                    bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
                case .null: sqlite3_bind_null(handle, index)
                }
            guard status == SQLITE_OK else { throw SQLiteError(code: status, database: database) }
        }
    }

    /// Ends a run early, releasing what it holds (a read lock among them).
    package func reset() {
        sqlite3_reset(handle)
    }

    /// Advances to the next row: true when there is one, false when done.
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw SQLiteError(code: status, database: database)
        }
    }

    /// Runs a statement that returns no rows.
    package func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The column as text, or nil when it is NULL.
    package func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the column's bytes, valid only during the call (no copy).
    package func withBlob<T, E: Error>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: count))
    }

    package func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: text(column).map(SQLiteValue.text) ?? .null
        case SQLITE_BLOB: .blob(withBlob(column) { Array($0) })
        default: .null
        }
    }
}
