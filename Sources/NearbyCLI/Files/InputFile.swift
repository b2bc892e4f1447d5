import Foundation
import NearbyKit

/// Checks an input file before anything reads it, so that every command
/// reports a bad one alike: missing is 66; a directory, a FIFO, a device
/// or a file that cannot be opened is 74 — reading /dev/zero or a FIFO
/// would never end, and a directory would fail later with a vaguer error.
enum InputFile {
    /// Larger than any places dataset or extract this in-memory tool can load.
    static let maximumBytes: Int64 = 4 << 30

    /// - Parameter what: what the file should be, for the message ("places dataset").
    /// - Returns: false when the file does not exist (the reader says so in its own words).
    @discardableResult
    static func check(_ url: URL, what: String) throws -> Bool {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return false }
            throw CLIError(message: "cannot read the \(what) \(url.path): \(SystemError.text(errno))", code: .ioError)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CLIError(message: "the \(what) \(url.path) is not a regular file (\(kind(info.st_mode)))", code: .ioError)
        }
        guard Int64(info.st_size) <= maximumBytes else {
            throw CLIError(
                message:
                    "the \(what) \(url.path) is \(info.st_size / 1_000_000) MB, more than this tool reads (\(maximumBytes / 1_000_000) MB)",
                code: .dataError)
        }
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw CLIError(message: "cannot read the \(what) \(url.path): \(SystemError.text(errno))", code: .ioError)
        }
        close(fd)
        return true
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFREG: "a file"
        default: "not a file"
        }
    }
}
