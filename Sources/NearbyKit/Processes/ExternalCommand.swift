import Foundation
import NIOConcurrencyHelpers

/// The one way nearby runs another program (osmium, for the import and for
/// the basemap): its standard output handed over a line at a time as it
/// comes — an extract's export is never held in memory as text — and its
/// standard error drained beside it, so that neither pipe can fill and
/// stall the child. The last line of its standard error is kept for the
/// message when it fails; with `showsErrors` (osmium's `--progress`) it goes
/// to ours instead.
///
/// Foundation's `Process`, not swift-subprocess: both callers are
/// synchronous (the import's parser; the basemap, read in the middle of a
/// drawing, on whatever thread draws — Swift's cooperative pool in `nearby
/// show --png`), and swift-subprocess 1.0.2 is async-only and runs part of
/// every run in an unstructured `Task` on that pool, so a caller waiting on
/// it there deadlocks once every thread of the pool waits
/// (`ExternalCommandTests.manyCallersOnTheCooperativePoolAllFinish` hung
/// with it: eight callers, two threads). swift-subprocess would also clear
/// the signal mask a child inherits, which `Process` does not: a child
/// started from a Dispatch thread has SIGTERM blocked, so it is stopped with
/// SIGKILL.
public struct ExternalCommand: Sendable {
    public var executable: URL
    public var arguments: [String]
    public var showsErrors = false

    public init(executable: URL, arguments: [String], showsErrors: Bool = false) {
        self.executable = executable
        self.arguments = arguments
        self.showsErrors = showsErrors
    }

    public enum Failure: Error, Equatable, Sendable {
        /// It could not be started; `reason` as a sentence.
        case notStarted(reason: String)
        /// It ended with a status other than 0, or by the signal `status`,
        /// having written `lastLine` (nil: nothing) to its standard error.
        case failed(status: Int32, bySignal: Bool, lastLine: String?)
    }

    /// Runs the program to its end, handing `eachLine` each line of its
    /// standard output without the newline (empty lines left out). An error
    /// thrown by `eachLine` stops the program and is thrown from here.
    public func run(eachLine: (Data) throws -> Void) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        let errors = showsErrors ? nil : Pipe()
        process.standardError = errors ?? FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw Failure.notStarted(reason: "cannot start \(executable.path): \(error.localizedDescription)")
        }
        // Our copies of the write ends: while they are open, neither pipe ends.
        try? output.fileHandleForWriting.close()
        try? errors?.fileHandleForWriting.close()

        // Standard error is read on one of Dispatch's threads, never on the
        // caller's: it may be on Swift's cooperative pool, which must not wait for itself.
        let errorTail = NIOLockedValueBox<[UInt8]>([])
        let drained = DispatchSemaphore(value: 0)
        if let errors {
            DispatchQueue.global().async {
                let reader = errors.fileHandleForReading
                while let chunk = try? reader.read(upToCount: 1 << 16), !chunk.isEmpty {
                    errorTail.withLockedValue { tail in
                        tail.append(contentsOf: chunk)
                        if tail.count > 8192 { tail.removeFirst(tail.count - 4096) }
                    }
                }
                drained.signal()
            }
        } else {
            drained.signal()
        }

        var failure: (any Error)?
        var lines = LineSplitter()
        let reader = output.fileHandleForReading
        do {
            while let chunk = try reader.read(upToCount: 1 << 16), !chunk.isEmpty {
                try lines.append(chunk, eachLine: eachLine)
            }
            try lines.finish(eachLine: eachLine)
        } catch {
            failure = error
            // SIGKILL, not Process.terminate()'s SIGTERM, which the child may have blocked (above).
            kill(process.processIdentifier, SIGKILL)
            _ = try? reader.readToEnd()
        }
        process.waitUntilExit()
        drained.wait()
        if let failure { throw failure }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure.failed(
                status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal,
                lastLine: Self.lastLine(of: errorTail.withLockedValue { $0 }))
        }
    }

    /// The whole standard output, lines joined by newlines: for short answers (`osmium fileinfo`).
    public func output() throws -> String {
        var lines: [String] = []
        try run { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines.joined(separator: "\n")
    }

    /// The last line with something on it, or the part after the last carriage return (as progress meters write).
    private static func lastLine(of bytes: [UInt8]) -> String? {
        bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).last.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Bytes as they arrive, cut into lines.
private struct LineSplitter {
    private var pending = Data()

    mutating func append(_ chunk: Data, eachLine: (Data) throws -> Void) throws {
        pending.append(chunk)
        var start = pending.startIndex
        while let newline = pending[start...].firstIndex(of: 0x0A) {
            if newline > start { try eachLine(pending[start..<newline]) }
            start = pending.index(after: newline)
        }
        pending.removeSubrange(pending.startIndex..<start)
    }

    mutating func finish(eachLine: (Data) throws -> Void) throws {
        if !pending.isEmpty { try eachLine(pending) }
        pending = Data()
    }
}
