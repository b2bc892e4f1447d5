import Foundation

/// A file as the file system knows it — device and inode — so that two
/// paths (a link, `./x` and `x`, a hard link) are seen to be the same file.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The file at `url`, following links; nil when there is none.
    public init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identities of those of `urls` that exist.
    public static func of(_ urls: [URL]) -> Set<FileIdentity> {
        Set(urls.compactMap { FileIdentity(of: $0) })
    }
}
