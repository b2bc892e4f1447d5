import CSQLite
import Foundation

/// A failed SQLite call, with SQLite's own words for it.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`…).
    public var code: Int32
    public var message: String

    package init(code: Int32, message: String) {
        self.code = code & 0xff
        self.message = message
    }

    package init(code: Int32, database: OpaquePointer?) {
        let text = database.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: text)
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    /// A statement ran past the time it was given (`SQLiteDatabase.interrupt(after:)`).
    public var isInterruption: Bool { code == SQLITE_INTERRUPT }

    /// A statement the connection does not allow (`SQLiteDatabase.refuseRecursiveQueries()`).
    public var isRefusedQuery: Bool { code == SQLITE_AUTH }

    /// A string or blob longer than the connection's limit (`SQLiteDatabase.maximumValueLength`).
    public var isTooBig: Bool { code == SQLITE_TOOBIG }

    /// A write the disk did not take: full (`SQLITE_FULL`), past a file size
    /// limit or failing (`SQLITE_IOERR`).
    public var isWriteFailure: Bool { code == SQLITE_FULL || code == SQLITE_IOERR }

    /// The file is not a database, or is a damaged one.
    public var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }
}
