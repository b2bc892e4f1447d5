import Foundation
import NearbyService
import NearbyViewModels

/// The feed as a view: it only listens to the screen's outcomes and prints.
///
/// Each good reload is printed as one write — header, feed, blank line —
/// from the main queue, so feeds never interleave or show half-printed in
/// a pipe. A failed reload is one line on stderr; the last good feed stays
/// the one on screen.
final class FeedView {
    enum Format {
        /// A header with the time and the count, then the screen as text.
        case text
        /// One JSON document a line.
        case jsonLines
    }

    private let screen: HomeOrListScreen
    private var subscription: AnyCancellable?
    private var shownAt: Date?

    /// - Parameters:
    ///   - firstShown: the first feed is out.
    ///   - firstLoadFailed: there is no good feed to keep showing.
    ///   - outputFailed: stdout is gone (the reader closed the pipe).
    init(
        screen: HomeOrListScreen, format: Format, firstShown: @escaping () -> Void,
        firstLoadFailed: @escaping (NearbyAPIError) -> Void, outputFailed: @escaping (CLIError) -> Void
    ) {
        self.screen = screen
        subscription = screen.outcome.sink { [unowned self] result in
            switch result {
            case .success:
                let updated = screen.lastUpdated() ?? Date()
                do {
                    switch format {
                    case .text:
                        let text = Self.header(at: updated, placeCount: screen.placeCount()) + "\n" + screen.text() + "\n\n"
                        try StandardOutput.write(text)
                    case .jsonLines:
                        try StandardOutput.write(try screen.json(line: true))
                    }
                    let first = shownAt == nil
                    shownAt = updated
                    if first { firstShown() }
                } catch let failure as CLIError {
                    outputFailed(failure)
                } catch {
                    outputFailed(CLIError(message: "cannot encode the feed as JSON: \(error)", code: .software))
                }
            case .failure(let error):
                guard let shownAt else { return firstLoadFailed(error) }
                StandardError.line(
                    "nearby: refresh failed: \(error.localizedDescription) (still showing the feed from \(Self.clock(shownAt)))")
            }
        }
    }

    /// `— 14:02:11 · 238 places —`
    static func header(at date: Date, placeCount: Int) -> String {
        "— \(clock(date)) · \(placeCount) \(placeCount == 1 ? "place" : "places") —"
    }

    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
