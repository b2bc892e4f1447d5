import Foundation
import NearbyKit

/// Diagnostics and progress go to stderr so that stdout stays clean for pipes.
/// A stderr that cannot be written (closed, a full device) is no reason to
/// crash: the exit status still says what happened.
///
/// Every line is escaped here (`TerminalSafeText`), whatever it quotes — an
/// argument, a file name, a server's words — so that no message can move the
/// cursor, clear the screen or end its line early, and none needs to remember to.
enum StandardError {
    static let isTerminal = isatty(STDERR_FILENO) == 1

    static func line(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((safe(text) + "\n").utf8))
    }

    /// A progress line that redraws itself in a terminal and says nothing otherwise.
    static func progress(_ text: String) {
        guard isTerminal else { return }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K\(safe(text))".utf8))
    }

    static func endProgress() {
        guard isTerminal else { return }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8))
    }

    /// Escaping what is already escaped changes nothing (`\u{1b}` is printable),
    /// so a message that escaped a part of itself, with a limit, reads the same.
    private static func safe(_ text: String) -> String { TerminalSafeText.escaped(text, limit: .max) }
}
