import Foundation
import NearbyTestSupport
import Testing

/// A `nearby` that keeps running, driven as a user or a script would:
/// lines written to its stdin, signals sent to it, its stdout and stderr
/// collected as they arrive (to files: ChildProcess). Waits poll with a deadline; none is a sleep
/// that a test relies on.
final class RunningNearby {
    let child: ChildProcess
    private let input = Pipe()

    /// - Parameter openFiles: a limit on open files (soft and hard) for the child, as `ulimit -n` sets one.
    init(
        _ arguments: [String], in directory: URL = NearbyBinary.repository, environment: [String: String?] = [:],
        openFiles: Int? = nil
    ) throws {
        // Writing to a child that has exited must fail the write, not end the test run.
        signal(SIGPIPE, SIG_IGN)
        if let openFiles {
            child = try ChildProcess(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", NearbyBinary.url.path] + arguments,
                in: directory, environment: environment, standardInput: input)
        } else {
            child = try ChildProcess(NearbyBinary.url, arguments, in: directory, environment: environment, standardInput: input)
        }
    }

    deinit { stop() }

    var process: Process { child.process }
    var pid: pid_t { child.pid }
    var stdout: String { child.stdout }
    var stderr: String { child.stderr }
    var isRunning: Bool { child.isRunning }

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

    /// `waitUntil` for async tests: sleeps without holding a thread of the
    /// cooperative pool. A task the pool starves can wake long past its
    /// deadline, so the condition is asked once more then: a late wake-up
    /// is not a child that never got there.
    @discardableResult
    func pollUntil(seconds: Double = 10, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// The exit status, or nil if it still runs after `seconds`.
    func waitForExit(seconds: Double = 10) -> Int32? {
        guard waitUntil(seconds: seconds, { !process.isRunning }) else { return nil }
        process.waitUntilExit()
        recordSanitizerReport()
        return process.terminationStatus
    }

    /// Ends the child whatever state the test left it in, and fails the test
    /// if it printed a sanitizer report while it ran.
    func stop() {
        child.kill()
        recordSanitizerReport()
    }

    private var reported = false

    private func recordSanitizerReport() {
        guard !reported, let report = SanitizerReport.find(in: stderr) else { return }
        reported = true
        Issue.record(SanitizerReport(command: (["nearby"] + (process.arguments ?? [])).joined(separator: " "), report: report))
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
