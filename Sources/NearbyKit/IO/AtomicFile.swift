import Foundation

/// Writes a file so that readers see the old content or the new, never a
/// half-written one: a temporary file in the same directory (same file
/// system, so the rename is atomic), flushed, then renamed over the target.
///
/// What is already at the path decides how:
/// - nothing, or a regular file: the atomic write above; a replaced file
///   keeps its mode (and, when running as root, its owner and group);
/// - a symbolic link: written through, atomically, to the regular file it
///   points to (the link stays a link);
/// - a FIFO or a character device (`/dev/stdout`, `/dev/null`): written in
///   place, as `cat > path` would — renaming over it would replace the node
///   (a FIFO that no process reads is refused, not waited on);
/// - a directory, a block device, a socket or a link to nothing: refused.
/// A target that is one of `inputs` (same device and inode) is refused.
public enum AtomicFile {
    public enum WriteError: Error, LocalizedError, Equatable {
        case directoryMissing(String)
        /// The output could not be created (opened, or renamed into place).
        case cannotCreate(String, reason: String)
        /// The output was created but writing it failed (a full disk, EIO).
        case writeFailed(String, reason: String)
        /// What is at the path is not something nearby writes into.
        case unsuitableTarget(String, reason: String)
        /// The output is one of the command's own inputs.
        case isAnInput(String)

        public var errorDescription: String? {
            switch self {
            case .directoryMissing(let dir): "the output directory \(dir) does not exist"
            case .cannotCreate(let path, let reason): "cannot write \(path): \(reason)"
            case .writeFailed(let path, let reason): "failed writing \(path): \(reason)"
            case .unsuitableTarget(let path, let reason): "will not write \(path): \(reason)"
            case .isAnInput(let path): "will not write \(path): it is one of the command's inputs"
            }
        }

        /// The sysexits(3) code a command line ends with: 73 where the output
        /// could not be made, 74 where writing it failed part-way, 64 where an
        /// input was named as the output. PNG and map errors carry this one.
        public var exitCode: Int32 {
            switch self {
            case .directoryMissing, .cannotCreate, .unsuitableTarget: 73
            case .writeFailed: 74
            case .isAnInput: 64
            }
        }
    }

    public static func write(_ data: Data, to url: URL, inputs: Set<FileIdentity> = []) throws(WriteError) {
        try write(to: url, inputs: inputs) { handle in try handle.write(contentsOf: data) }
    }

    /// Streams into the output through `body`; any error thrown removes the
    /// temporary file and leaves the target untouched.
    public static func write(to url: URL, inputs: Set<FileIdentity> = [], _ body: (FileHandle) throws -> Void) throws(WriteError) {
        switch try destination(url, inputs: inputs) {
        case .file(let target, let existing):
            try replace(target, existing: existing) { handle, _ in try body(handle) }
        case .stream(let path):
            try writeInPlace(path, body)
        }
    }

    /// Builds the output at a temporary path with `body` — for a database,
    /// which opens the file itself — then renames it into place. A FIFO or a
    /// device cannot hold a database: it is refused with `streamReason`.
    public static func build(_ url: URL, inputs: Set<FileIdentity> = [], streamReason: String, _ body: (URL) throws -> Void)
        throws(WriteError)
    {
        switch try destination(url, inputs: inputs) {
        case .file(let target, let existing):
            // The database opens the path itself; syncing this descriptor afterwards
            // flushes the same file. It stays open until then because closing any
            // descriptor of a file drops the process's locks on it, the database's too.
            try replace(target, existing: existing) { _, path in try body(URL(fileURLWithPath: path)) }
        case .stream(let path):
            throw .unsuitableTarget(path, reason: streamReason)
        }
    }

    private enum Destination {
        /// A regular file, replaced by a rename (`existing` is what was there).
        case file(URL, existing: stat?)
        /// A FIFO or a character device, written in place.
        case stream(String)
    }

    private static func destination(_ url: URL, inputs: Set<FileIdentity>) throws(WriteError) -> Destination {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = errno
            var link = stat()
            if error == ENOENT, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                throw .unsuitableTarget(path, reason: "it is a symbolic link to a file that does not exist")
            }
            if error == ENOENT { return .file(url, existing: nil) }
            throw .cannotCreate(path, reason: SystemError.text(error))
        }
        if inputs.contains(FileIdentity(info)) { throw .isAnInput(path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Through a link, the file replaced is the one it points to.
            return .file(URL(fileURLWithPath: resolvedPath(path) ?? path), existing: info)
        case S_IFIFO, S_IFCHR:
            return .stream(path)
        case S_IFDIR:
            throw .unsuitableTarget(path, reason: "it is a directory")
        case S_IFBLK:
            throw .unsuitableTarget(path, reason: "it is a block device")
        default:
            throw .unsuitableTarget(path, reason: "it is not a regular file, a FIFO or a character device")
        }
    }

    private static func replace(_ url: URL, existing: stat?, _ body: (FileHandle, String) throws -> Void) throws(WriteError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryMissing(directory.path)
        }
        removeAbandonedTemporaries(of: url)
        var template = Array(directory.appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw .cannotCreate(url.path, reason: SystemError.text(errno)) }
        // Held while the file is written, so that another writer can tell it from one abandoned.
        flock(fd, LOCK_EX)
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            giveMode(fd, existing: existing)
            do {
                try body(handle, tempPath)
                try handle.synchronize()
                try handle.close()
            } catch {
                throw WriteError.writeFailed(url.path, reason: reason(error))
            }
            guard rename(tempPath, url.path) == 0 else {
                throw WriteError.cannotCreate(url.path, reason: SystemError.text(errno))
            }
        } catch {
            try? handle.close()
            unlink(tempPath)
            throw error as? WriteError ?? .writeFailed(url.path, reason: reason(error))
        }
    }

    /// Removes what a writer killed before its rename left beside `url`
    /// (`.NAME.XXXXXX`, a kill -9 of an import): a temporary that no writer
    /// holds locked and that has not changed for a minute. A writer locks its
    /// temporary the moment mkstemp makes it; the minute covers that moment.
    static func removeAbandonedTemporaries(of url: URL, olderThan age: TimeInterval = 60) {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let cutoff = Date().timeIntervalSince1970 - age
        for name in names where name.hasPrefix(prefix) && name.count == prefix.count + 6 {
            let path = directory.appendingPathComponent(name).path
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Double(info.st_mtim.tv_sec) < cutoff,
                flock(fd, LOCK_EX | LOCK_NB) == 0
            else { continue }
            unlink(path)
        }
    }

    /// A FIFO or a device is the reader the user chose: write to it as it is.
    /// A FIFO nobody reads is refused rather than waited on for ever.
    private static func writeInPlace(_ path: String, _ body: (FileHandle) throws -> Void) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENXIO { throw .unsuitableTarget(path, reason: "it is a FIFO that no process is reading") }
            throw .cannotCreate(path, reason: SystemError.text(errno))
        }
        // Non-blocking only to open: writes wait for the reader as usual.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try body(handle)
            try handle.close()
        } catch {
            try? handle.close()
            throw .writeFailed(path, reason: reason(error))
        }
    }

    /// mkstemp makes the file 0600. A new file gets the usual 0666 less the
    /// umask, as any other tool's output would; a replaced one keeps its
    /// mode, and its owner when root can give it back.
    private static func giveMode(_ fd: Int32, existing: stat?) {
        guard let existing else {
            fchmod(fd, 0o666 & ~processUmask)
            return
        }
        if geteuid() == 0 {
            fchown(fd, existing.st_uid, existing.st_gid)
        } else if existing.st_gid != getegid() {
            // Keeps the group when this user belongs to it; harmless when not.
            fchown(fd, uid_t.max, existing.st_gid)
        }
        fchmod(fd, existing.st_mode & 0o7777)
    }

    /// Read once: umask can only be read by setting it, which would race
    /// with other threads writing files at the same time.
    private static let processUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// "No space left on device", without Foundation's "The operation could not be completed."
    private static func reason(_ error: Error) -> String {
        if let error = error as? POSIXError { return SystemError.text(error.code.rawValue) }
        if let error = error as? CocoaError, let underlying = error.underlying { return reason(underlying) }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return SystemError.text(Int32(error.code)) }
        return error.localizedDescription
    }

    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
