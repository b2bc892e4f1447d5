import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests start: the built `nearby`, a Debian tool, a Python
/// client, Chromium. Its stdout and stderr go to files, never to pipes: a
/// child, or a grandchild that inherits its stderr (a sanitizer's
/// llvm-symbolizer does), can write any amount without blocking on a reader
/// that is waiting for the other stream. Every wait has a deadline; a child
/// still running at its deadline is killed and the wait throws with what it
/// printed. A sanitizer report on its stderr fails the run as one in the
/// test process would.
public final class ChildProcess {
    /// How a child ended, and what it printed.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var pid: pid_t
    }

    /// The deadline for one child when a test names none: long enough for a
    /// command under ThreadSanitizer on a busy machine, short of a hung CI.
    /// NEARBY_TEST_CHILD_SECONDS overrides it.
    public static let defaultSeconds: Double = {
        ProcessInfo.processInfo.environment["NEARBY_TEST_CHILD_SECONDS"].flatMap(Double.init) ?? 240
    }()

    public let process = Process()
    private let folder: URL
    private let outputFile: URL
    private let errorFile: URL
    private let ended = DispatchSemaphore(value: 0)
    private let description: String

    /// Starts `executable`. `environment` sets variables for this child only
    /// (nil unsets one); `standardOutput` or `standardError` send that stream
    /// somewhere else than a file read back (its text is then empty).
    public init(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String?] = [:], standardInput: Any? = nil,
        standardOutput: FileHandle? = nil, standardError: FileHandle? = nil
    ) throws {
        description = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        outputFile = folder.appendingPathComponent("stdout")
        errorFile = folder.appendingPathComponent("stderr")
        for file in [outputFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }

        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Its temporary files go in its own folder, removed with it: a child a test kills
        // on purpose (`kill -9` in the middle of an update) cannot clean up after itself.
        let scratch = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var variables = ProcessInfo.processInfo.environment
        variables["TMPDIR"] = scratch.path
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = try standardOutput ?? FileHandle(forWritingTo: outputFile)
        let err = try standardError ?? FileHandle(forWritingTo: errorFile)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = standardInput ?? FileHandle.nullDevice
        process.terminationHandler = { [ended] _ in ended.signal() }
        defer {
            // The child holds its own copies; ours would only keep the files open.
            if standardOutput == nil { try? out.close() }
            if standardError == nil { try? err.close() }
        }
        try process.run()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a program to its end, within `seconds`.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String?] = [:], standardOutput: FileHandle? = nil,
        standardError: FileHandle? = nil, seconds: Double = defaultSeconds
    ) throws -> Run {
        try ChildProcess(
            executable, arguments, in: directory, environment: environment,
            standardOutput: standardOutput, standardError: standardError
        ).wait(seconds: seconds)
    }

    public var pid: pid_t { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    /// What it has written to stdout so far.
    public var stdout: String { Self.read(outputFile) }
    /// What it has written to stderr so far.
    public var stderr: String { Self.read(errorFile) }

    /// Waits for the child to end; kills it and throws `TimedOut` if it is
    /// still running after `seconds`, and throws `SanitizerReport` if it
    /// printed one.
    @discardableResult
    public func wait(seconds: Double = defaultSeconds) throws -> Run {
        if ended.wait(timeout: .now() + seconds) == .timedOut {
            kill()
            throw TimedOut(command: description, seconds: seconds, stdout: stdout, stderr: stderr)
        }
        ended.signal()  // a later wait returns at once
        process.waitUntilExit()
        let run = Run(status: process.terminationStatus, stdout: stdout, stderr: stderr, pid: pid)
        try SanitizerReport.check(run.stderr, of: description)
        return run
    }

    /// `wait(seconds:)` for async tests: polls, so that no thread of the
    /// cooperative pool blocks (an in-process server the child talks to runs there).
    @discardableResult
    public func finished(seconds: Double = defaultSeconds) async throws -> Run {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return try wait(seconds: max(deadline.timeIntervalSinceNow, 1))
    }

    /// Ends the child at once, whatever state it is in.
    public func kill() {
        guard process.isRunning else { return }
        Glibc.kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    private static func read(_ file: URL) -> String {
        String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    }

    /// A child that outlived its deadline, with what it had printed.
    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public let seconds: Double
        public let stdout: String
        public let stderr: String

        public var description: String {
            "`\(command)` was still running after \(seconds) s and was killed\n"
                + "--- its stdout:\n\(stdout.suffix(8_000))\n--- its stderr:\n\(stderr.suffix(8_000))"
        }
    }
}

/// What AddressSanitizer or ThreadSanitizer printed in a child built with it
/// (the built `nearby` beside a sanitized test bundle is sanitized too).
public struct SanitizerReport: Error, CustomStringConvertible {
    public let command: String
    public let report: String

    public init(command: String, report: String) {
        self.command = command
        self.report = report
    }

    public var description: String { "`\(command)` printed a sanitizer report:\n\(report)" }

    /// How each report begins (after "==PID==" on ASan's), whatever its kind.
    static let openings = [
        "ERROR: AddressSanitizer", "WARNING: AddressSanitizer", "ERROR: LeakSanitizer",
        "WARNING: ThreadSanitizer", "ERROR: ThreadSanitizer", "FATAL: ThreadSanitizer",
        "AddressSanitizer: CHECK failed", "ThreadSanitizer: CHECK failed",
    ]

    /// The first report in a child's stderr, from its line through the summary line that ends it.
    /// (Foundation's search, not a Regex: the standard library's engine takes minutes on a megabyte.)
    public static func find(in stderr: String) -> String? {
        guard let start = openings.compactMap({ stderr.range(of: $0)?.lowerBound }).min() else { return nil }
        let from = stderr[..<start].lastIndex(of: "\n").map { stderr.index(after: $0) } ?? stderr.startIndex
        let rest = stderr[from...]
        guard let summary = rest.range(of: "SUMMARY: ") else { return String(rest.prefix(16_000)) }
        let end = rest[summary.upperBound...].firstIndex(of: "\n") ?? rest.endIndex
        return String(rest[..<end].prefix(16_000))
    }

    /// Throws when `stderr` holds a report.
    public static func check(_ stderr: String, of command: String) throws {
        if let report = find(in: stderr) { throw SanitizerReport(command: command, report: report) }
    }
}
