import Foundation
import NearbyTestSupport
import Testing

/// The runner every end-to-end test starts its children with: it never hangs
/// on a child's output, ends a child at its deadline, and fails a run whose
/// child printed a sanitizer report.
struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// More than a pipe holds (64 KiB) on both streams, stderr first: a runner
    /// that reads stdout to its end before stderr waits for ever here.
    @Test func aChildThatFillsBothStreamsFinishes() throws {
        let run = try ChildProcess.run(
            Self.shell, ["-c", "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o"],
            seconds: 60)
        #expect(run.status == 0)
        #expect(run.stderr.utf8.count == 300_000 && run.stderr.allSatisfy { $0 == "e" })
        #expect(run.stdout.utf8.count == 200_000 && run.stdout.allSatisfy { $0 == "o" })
    }

    @Test func aChildPastItsDeadlineIsKilledAndWhatItPrintedIsShown() throws {
        let child = try ChildProcess(Self.shell, ["-c", "echo started; echo still waiting >&2; exec sleep 600"])
        // Once it has said both (a busy machine may take a while to start a shell), give it a second more.
        for _ in 0..<6_000 where child.stderr.isEmpty { usleep(10_000) }
        let error = try #require(throws: ChildProcess.TimedOut.self) { try child.wait(seconds: 1) }
        #expect(error.stdout == "started\n")
        #expect(error.stderr == "still waiting\n")
        #expect(error.description.contains("sh -c echo started"))
        #expect(!child.isRunning)
    }

    /// A real report from a real sanitizer: a C program built by the
    /// toolchain's clang with AddressSanitizer, told to go on after the report
    /// (as the suites' ThreadSanitizer runs are), so that it exits 0.
    @Test func aSanitizerReportFailsTheRunThoughTheChildExitsZero() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-asan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("overflow.c"), program = folder.appendingPathComponent("overflow")
        try "#include <stdlib.h>\nint main(int argc, char **argv) { char *p = malloc(4); p[argc + 4] = 1; free(p); return 0; }\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let build = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["clang", "-fsanitize=address", "-fsanitize-recover=address", "-g", source.path, "-o", program.path])
        try #require(build.status == 0, "\(build.stderr)")

        let error = try #require(throws: SanitizerReport.self) {
            try ChildProcess.run(program, [], environment: ["ASAN_OPTIONS": "halt_on_error=0:detect_leaks=0"], seconds: 60)
        }
        #expect(error.report.contains("ERROR: AddressSanitizer: heap-buffer-overflow"))
        #expect(error.report.contains("overflow.c:2"), "symbolized: \(error.report)")
        #expect(error.report.contains("SUMMARY: AddressSanitizer: heap-buffer-overflow \(source.path):2:"), "\(error.report)")
        #expect(error.report.hasSuffix(" in main"), "the report ends with its summary: \(error.report)")
    }

    @Test(arguments: [
        "==12==WARNING: ThreadSanitizer: data race (pid=12)\n  Write of size 8\nSUMMARY: ThreadSanitizer: data race a.swift:3 in f\n",
        "FATAL: ThreadSanitizer: unexpected memory mapping 0x7f\n",
        "AddressSanitizer: CHECK failed: asan_poisoning.cpp:37\n",
    ])
    func everyKindOfReportIsFound(_ stderr: String) {
        #expect(SanitizerReport.find(in: "nearby: a line of its own\n" + stderr + "more\n") != nil)
    }

    @Test func ordinaryTextIsNoReport() {
        #expect(SanitizerReport.find(in: "nearby: the data names no ThreadSanitizer: nothing\nerror: AddressSanitizer\n") == nil)
    }
}
