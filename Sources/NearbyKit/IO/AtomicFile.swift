import Foundation

/// Writes a file so that readers see the old content or the new, never a
/// half-written one: a temporary file in the same directory (same file
/// system, so the rename is atomic), flushed, then renamed over the target.
public enum AtomicFile {
    public enum WriteError: Error, LocalizedError, Equatable {
        case directoryMissing(String)
        case cannotCreate(String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .directoryMissing(let dir): "the output directory \(dir) does not exist"
            case .cannotCreate(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    public static func write(_ data: Data, to url: URL) throws(WriteError) {
        try write(to: url) { handle in try handle.write(contentsOf: data) }
    }

    /// Streams into the temporary file through `body`; any error thrown
    /// removes the temporary file and leaves the target untouched.
    public static func write(to url: URL, _ body: (FileHandle) throws -> Void) throws(WriteError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryMissing(directory.path)
        }
        var template = Array(directory.appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw .cannotCreate(url.path, reason: String(cString: strerror(errno))) }
        let tempPath = String(cString: template)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try body(handle)
            try handle.synchronize()
            try handle.close()
            fchmodIfNeeded(tempPath)
            guard rename(tempPath, url.path) == 0 else {
                throw WriteError.cannotCreate(url.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? handle.close()
            unlink(tempPath)
            if let error = error as? WriteError { throw error }
            throw .cannotCreate(url.path, reason: error.localizedDescription)
        }
    }

    /// mkstemp makes the file 0600; an output file should get the usual
    /// 0666 less the umask, as any other tool's output would.
    private static func fchmodIfNeeded(_ path: String) {
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o666 & ~mask)
    }
}
