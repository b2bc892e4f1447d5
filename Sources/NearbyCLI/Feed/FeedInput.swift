import Foundation

/// The commands a feed reads on standard input, one a line.
enum FeedInput: Equatable, Sendable {
    case refresh
    /// `/TEXT`: search by name; `/` alone: back to the feed.
    case search(String)
    case quit
    case endOfInput
    case unknown(String)

    static let usage = "type refresh (or r) to reload, /TEXT to search by name, / for the feed again, q to quit"

    init?(line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("/") {
            self = .search(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces))
            return
        }
        switch trimmed.lowercased() {
        case "": return nil
        case "refresh", "r": self = .refresh
        case "q", "quit", "exit": self = .quit
        default: self = .unknown(line)
        }
    }

    /// Reads lines on a thread of its own — a blocking read behaves the
    /// same for a terminal, a pipe or a file — and hands each command to
    /// the main queue, where the feed runs, ending with `.endOfInput`.
    static func read(_ handler: @escaping @MainActor (FeedInput) -> Void) {
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                guard let input = FeedInput(line: line) else { continue }
                DispatchQueue.main.async { MainActor.assumeIsolated { handler(input) } }
                if input == .quit { return }
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { handler(.endOfInput) } }
        }
        reader.name = "nearby.feed.stdin"
        reader.start()
    }
}
