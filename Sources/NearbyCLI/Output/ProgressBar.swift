import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// A one-line progress bar on stderr, redrawn in place. It stays silent when
/// disabled (stderr is a pipe or a log), so output stays clean for scripts.
final class ProgressBar: Sendable {
    private let label: String
    private let enabled: Bool
    /// The percentage last drawn; its lock also keeps two redraws apart.
    private let shownPercent = NIOLockedValueBox(-1)

    /// - Parameter label: what is counted ("tiles", "places"), escaped as
    ///   `StandardError`'s lines are: it may name the user's file.
    init(_ label: String, enabled: Bool) {
        self.label = TerminalSafeText.escaped(label, limit: .max)
        self.enabled = enabled
    }

    /// Safe from any thread; redraws only when the percentage moves.
    func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        shownPercent.withLockedValue { shownPercent in
            let percent = done * 100 / total
            guard percent != shownPercent else { return }
            shownPercent = percent
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K\(label) \(bar) \(percent)% (\(done)/\(total))".utf8))
        }
    }

    /// For work whose total is not known in advance: the count so far.
    func update(count: Int) {
        guard enabled else { return }
        shownPercent.withLockedValue { _ in
            try? FileHandle.standardError.write(
                contentsOf: Data("\r\u{1B}[K\(label) \(count.formatted(.number.grouping(.automatic)))".utf8))
        }
    }

    func finish() {
        guard enabled else { return }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8))
    }
}
