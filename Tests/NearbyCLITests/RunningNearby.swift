import Foundation

/// A `nearby` that keeps running, driven as a user or a script would:
/// lines written to its stdin, signals sent to it, its stdout and stderr
/// collected as they arrive. Waits poll with a deadline; none is a sleep
/// that a test relies on.
final class RunningNearby {
    let process = Process()
    private let input = Pipe()
    private let output = Collector()
    private let errors = Collector()

    init(_ arguments: [String], in directory: URL = NearbyBinary.repository) throws {
        // Writing to a child that has exited must fail the write, not end the test run.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = NearbyBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        output.collect(out.fileHandleForReading)
        errors.collect(err.fileHandleForReading)
    }

    deinit { stop() }

    var pid: pid_t { process.processIdentifier }
    var stdout: String { output.text }
    var stderr: String { errors.text }
    var isRunning: Bool { process.isRunning }

    func type(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    func send(_ signo: Int32) {
        kill(pid, signo)
    }

    /// Polls `condition` until it holds or `seconds` pass; whether it held.
    @discardableResult
    func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// The exit status, or nil if it still runs after `seconds`.
    func waitForExit(seconds: Double = 10) -> Int32? {
        guard waitUntil(seconds: seconds, { !process.isRunning }) else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the child whatever state the test left it in.
    func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// Feed printouts so far: the lines of each, from its header to the blank line that ends it.
    var feeds: [[Substring]] {
        var feeds: [[Substring]] = []
        // The last piece is a line not yet ended (empty when the output ends with one).
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("— ") { feeds.append([line]) } else if !feeds.isEmpty { feeds[feeds.count - 1].append(line) }
        }
        return feeds
    }
}

/// Bytes read from a pipe on a thread of its own, so the child never
/// blocks on a full pipe while the test waits.
private final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func collect(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.withLock { data.append(chunk) }
            }
        }.start()
    }
}
