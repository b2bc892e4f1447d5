import Foundation
import Synchronization

/// Basemap tiles from a directory laid out as `{z}/{x}/{y}.png` (the
/// OpenStreetMap/XYZ convention), decoded with libpng and kept in memory.
/// A tile that is missing or unreadable is drawn from `onDemand` when one is
/// given, and otherwise left out (the snapshot shows plain land there); each
/// such tile is recorded once in `warnings` for the caller to report.
public final class TileSource: @unchecked Sendable {
    public let directory: URL
    public let onDemand: (any TileRendering)?
    private let capacity: Int
    private let state = Mutex(State())

    private struct State {
        // nil values remember tiles that could not be had, so they are
        // neither retried nor reported twice.
        var cache: [TileKey: PixelBuffer?] = [:]
        var order: [TileKey] = []
        var warnings: [TileWarning] = []
    }

    /// - Parameter capacity: decoded tiles kept in memory (256 KB each).
    public init(directory: URL, onDemand: (any TileRendering)? = nil, capacity: Int = 256) {
        self.directory = directory
        self.onDemand = onDemand
        self.capacity = max(capacity, 1)
    }

    /// The tile's pixels, or nil when it has to be drawn as plain land.
    public func tile(_ key: TileKey) -> PixelBuffer? {
        if let cached = state.withLock({ $0.cache[key] }) { return cached }
        let (pixels, warning) = load(key)
        state.withLock { state in
            if state.cache[key] == nil {
                state.order.append(key)
                if state.order.count > capacity {
                    state.cache[state.order.removeFirst()] = nil
                }
            }
            state.cache[key] = .some(pixels)
            if let warning, !state.warnings.contains(where: { $0.tile == key }) {
                state.warnings.append(warning)
            }
        }
        return pixels
    }

    /// Every tile reported so far, in the order they were first needed.
    public var warnings: [TileWarning] {
        state.withLock { $0.warnings }
    }

    /// Hands the warnings over and forgets them (a server reports per request).
    public func takeWarnings() -> [TileWarning] {
        state.withLock { state in
            defer { state.warnings.removeAll() }
            return state.warnings
        }
    }

    /// One line for stderr about `warnings`, or nil when there is nothing to say.
    public func warningSummary(_ warnings: [TileWarning]) -> String? {
        guard let first = warnings.first else { return nil }
        let others = warnings.count > 1 ? " and \(warnings.count - 1) more" : ""
        return "\(first)\(others) under \(directory.path); drawn as plain land"
    }

    public func path(of key: TileKey) -> URL {
        directory.appendingPathComponent("\(key.z)/\(key.x)/\(key.y).png")
    }

    private func load(_ key: TileKey) -> (PixelBuffer?, TileWarning?) {
        let url = path(of: key)
        let problem: TileWarning
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                return (try PNGDecoder.decode(contentsOf: url), nil)
            } catch {
                problem = .corrupt(key, reason: error.localizedDescription)
            }
        } else {
            problem = .missing(key)
        }
        guard let onDemand else { return (nil, problem) }
        do {
            return (try onDemand.renderTile(key), nil)
        } catch {
            return (nil, .renderFailed(key, reason: error.localizedDescription))
        }
    }
}
