import Foundation

/// The commands a feed reads on standard input, one a line.
enum FeedInput: Equatable {
    case refresh
    case quit
    case endOfInput
    case unknown(String)

    static let usage = "type refresh (or r) to reload, q to quit"

    init?(line: String) {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": return nil
        case "refresh", "r": self = .refresh
        case "q", "quit", "exit": self = .quit
        default: self = .unknown(line)
        }
    }

    /// Reads lines on a thread of its own — a blocking read behaves the
    /// same for a terminal, a pipe or a file — and hands each command to
    /// `queue`, ending with `.endOfInput`.
    static func read(on queue: DispatchQueue, _ handler: @escaping (FeedInput) -> Void) {
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                guard let input = FeedInput(line: line) else { continue }
                queue.async { handler(input) }
                if input == .quit { return }
            }
            queue.async { handler(.endOfInput) }
        }
        reader.name = "nearby.feed.stdin"
        reader.start()
    }
}
