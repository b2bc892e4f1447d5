/// A tile a snapshot had to draw as plain land. Collected per snapshot, not
/// printed: the command line or the server decides how to say it.
public enum TileWarning: Error, Hashable, Sendable, CustomStringConvertible {
    case missing(TileKey)
    case corrupt(TileKey, reason: String)
    /// Larger than the tile source accepts (pixels or file size).
    case oversized(TileKey, reason: String)
    /// The on-demand renderer was asked for the tile and failed.
    case renderFailed(TileKey, reason: String)

    public var tile: TileKey {
        switch self {
        case .missing(let key), .corrupt(let key, _), .oversized(let key, _), .renderFailed(let key, _): key
        }
    }

    public var description: String {
        switch self {
        case .missing(let key): "tile \(key) is missing"
        case .corrupt(let key, let reason): "tile \(key) is unreadable (\(reason))"
        case .oversized(let key, let reason): "tile \(key) is too large (\(reason))"
        case .renderFailed(let key, let reason): "tile \(key) could not be drawn (\(reason))"
        }
    }
}
