import Foundation
import NearbyKit
import Testing

/// `ExternalCommand`, the one runner of other programs, with /bin/sh as the child.
struct ExternalCommandTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    static func lines(_ script: String) throws -> [String] {
        var lines: [String] = []
        try ExternalCommand(executable: shell, arguments: ["-c", script]).run { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    @Test func linesComeWithoutTheirNewlinesAndALastLineWithoutOne() throws {
        #expect(try Self.lines(#"printf 'a\nbé\n\nc'"#) == ["a", "bé", "c"])
        #expect(try ExternalCommand(executable: Self.shell, arguments: ["-c", #"printf 'one\ntwo\n'"#]).output() == "one\ntwo")
    }

    /// 1 MB on standard error, more than a pipe holds, before a line on
    /// standard output: read one after the other, the child would stall.
    @Test func aChattyStandardErrorDoesNotStallTheChild() throws {
        #expect(try Self.lines("head -c 1000000 /dev/zero | tr '\\0' x >&2; echo done") == ["done"])
    }

    @Test func aFailureSaysHowItEndedAndItsLastWords() throws {
        #expect(throws: ExternalCommand.Failure.failed(status: 3, bySignal: false, lastLine: "not an OSM file")) {
            try Self.lines("echo reading >&2; echo 'not an OSM file' >&2; exit 3")
        }
        #expect(throws: ExternalCommand.Failure.failed(status: 9, bySignal: true, lastLine: nil)) {
            try Self.lines("kill -9 $$")
        }
    }

    @Test func aProgramThatIsNotThereIsNotStarted() {
        let missing = ExternalCommand(executable: URL(fileURLWithPath: "/nonexistent/osmium"), arguments: [])
        #expect {
            try missing.run { _ in }
        } throws: { error in
            guard case .notStarted(let reason)? = error as? ExternalCommand.Failure else { return false }
            return reason.hasPrefix("cannot start /nonexistent/osmium")
        }
    }

    struct Enough: Error {}

    /// `yes` writes for ever: a throw from the reader must stop it, or this never returns.
    @Test func aThrowFromTheReaderStopsTheChild() {
        var count = 0
        #expect(throws: Enough.self) {
            try ExternalCommand(executable: URL(fileURLWithPath: "/usr/bin/yes"), arguments: []).run { _ in
                count += 1
                if count == 1000 { throw Enough() }
            }
        }
        #expect(count == 1000)
    }

    /// Callers on Swift's cooperative pool (a command's `run`, a request
    /// handler) wait without starving the task they wait for: more of them at
    /// once than the pool has threads.
    @Test func manyCallersOnTheCooperativePoolAllFinish() async throws {
        let callers = ProcessInfo.processInfo.activeProcessorCount * 4
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<callers {
                group.addTask { try Self.lines("sleep 0.2; seq \(index + 1)").count }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts.sorted() == Array(1...callers))
    }
}
