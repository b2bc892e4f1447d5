import Foundation

/// Diagnostics and progress go to stderr so that stdout stays clean for pipes.
/// A stderr that cannot be written (closed, a full device) is no reason to
/// crash: the exit status still says what happened.
enum StandardError {
    static let isTerminal = isatty(STDERR_FILENO) == 1

    static func line(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }

    /// A progress line that redraws itself in a terminal and says nothing otherwise.
    static func progress(_ text: String) {
        guard isTerminal else { return }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K\(text)".utf8))
    }

    static func endProgress() {
        guard isTerminal else { return }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8))
    }
}
