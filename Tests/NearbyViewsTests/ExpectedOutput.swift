import Foundation
import Testing

/// A whole rendering compared with the file committed for it in Expected/.
///
/// The files are never written by an ordinary run: a missing one fails. After
/// an intended change to a view, rewrite them with
///
///     NEARBY_RECORD=1 swift test --skip-build --filter NearbyViewsTests
///
/// — a recording run writes every file and fails each test it recorded, so
/// that it can never pass for a real one — then read every file that
/// changed (`git diff Tests/NearbyViewsTests/Expected`) before committing it,
/// as Expected/README.md says. Nothing sets NEARBY_RECORD: not scripts/test,
/// not CI.
enum ExpectedOutput {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    static var records: Bool { ProcessInfo.processInfo.environment["NEARBY_RECORD"] == "1" }

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if records {
            do {
                try Data(actual.utf8).write(to: url, options: .atomic)
                Issue.record(
                    "NEARBY_RECORD=1 wrote Expected/\(name): read it, then run again without NEARBY_RECORD", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write Expected/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "no Expected/\(name): make it with NEARBY_RECORD=1 and read it (Expected/README.md)", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        // The whole output, for `diff`, beside the first line that differs.
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-views-actual-\(name)")
        try? Data(actual.utf8).write(to: kept, options: .atomic)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(actualLines, expectedLines).enumerated().first { $1.0 != $1.1 }?.offset ?? min(actualLines.count, expectedLines.count)
        func at(_ lines: [Substring]) -> String { line < lines.count ? "\"\(lines[line])\"" : "(no line: the output ends)" }
        Issue.record(
            """
            the output differs from Expected/\(name) at line \(line + 1):
              expected: \(at(expectedLines))
              actual:   \(at(actualLines))
            the whole output is in \(kept.path) (diff it with the expected file)
            """, sourceLocation: sourceLocation)
    }
}
