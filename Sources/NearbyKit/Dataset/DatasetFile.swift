import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a dataset file's bytes with the system's own reasons for failing.
///
/// `Data(contentsOf:)` reports a directory as "NSCocoaErrorDomain error 256"
/// and blocks for ever on a FIFO; reading through `open`/`fstat` here names
/// each case in words and refuses what is not a regular file.
public enum DatasetFile {
    public static func contents(of url: URL) throws(DatasetError) -> Data {
        try bytes(of: url, upTo: nil)
    }

    /// The first `count` bytes (fewer when the file is shorter): enough to tell a format by.
    public static func prefix(of url: URL, count: Int) throws(DatasetError) -> Data {
        try bytes(of: url, upTo: count)
    }

    private static func bytes(of url: URL, upTo limit: Int?) throws(DatasetError) -> Data {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing(path: path) }
            throw .unreadable(path: path, reason: reason(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "it is a directory, not a file")
        default: throw .unreadable(path: path, reason: "it is not a regular file (a device, pipe or socket)")
        }
        let wanted = limit ?? Int.max
        var data = Data(capacity: min(max(Int(info.st_size), 0), wanted))
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, wanted))
        while data.count < wanted {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, wanted - data.count)) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: reason(errno))
            }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }

    /// "permission denied", as strerror says it, in the middle of a sentence.
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
