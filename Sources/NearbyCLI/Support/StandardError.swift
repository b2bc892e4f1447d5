import Foundation

/// Diagnostics and progress go to stderr so that stdout stays clean for pipes.
enum StandardError {
    static let isTerminal = isatty(STDERR_FILENO) == 1

    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A progress line that redraws itself in a terminal and says nothing otherwise.
    static func progress(_ text: String) {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    static func endProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
