import Foundation

/// What tells that a file changed without reading it: which file it is, its
/// size, and its modification and change times. The change time (ctime)
/// moves with every write and no tool can set it back, so an edit in place
/// that keeps the size and restores the modification time is still a change.
public struct FileStamp: Hashable, Sendable {
    public var identity: FileIdentity
    public var size: Int64
    public var modified: Duration
    public var changed: Duration
    /// False for a FIFO or a device, whose reading could block for ever.
    public var isRegularFile: Bool

    /// The file at `path`, following links; nil when there is none.
    public init?(atPath path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        identity = FileIdentity(info)
        size = Int64(info.st_size)
        modified = .seconds(info.st_mtim.tv_sec) + .nanoseconds(info.st_mtim.tv_nsec)
        changed = .seconds(info.st_ctim.tv_sec) + .nanoseconds(info.st_ctim.tv_nsec)
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
    }
}
