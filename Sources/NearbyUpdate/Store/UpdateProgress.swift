import NearbyKit

/// What an update is doing, as it goes: a command line draws it on a
/// terminal (a line, a bar), a server ignores it.
public enum UpdateProgress: Sendable {
    /// The newer extract being imported (when the store is written whole).
    case importing(OSMImporter.Progress)
    /// Places written to the store, of all.
    case written(Int, of: Int)
    /// A feed's sequence being fetched, of the newest.
    case fetching(Int, of: Int)
    /// Tiles or features of the extract's follower (`ExtractFollower`), done of all (nil: not known yet), with what they are.
    case following(String, done: Int, of: Int?)
    /// The stage under way has ended.
    case ended
}
