import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts bytes at a path so that a reader sees either the old file or the
/// whole new one: write a temporary file beside it, then rename(2), which is
/// atomic within one directory. On any failure the temporary file is removed
/// and the destination is untouched.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to url: URL) throws(PNGError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryMissing(directory)
        }
        var template = Array("\(directory)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .notWritable(path: path, reason: lastError()) }
        let temporary = String(cString: template)
        var keepTemporary = false
        defer { if !keepTemporary { unlink(temporary) } }

        // mkstemp makes 0600 files; a map image is for everyone to read.
        fchmod(descriptor, 0o644)
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return lastError()
                }
                written += result
            }
            return nil
        }
        let closed = close(descriptor)
        if let failure { throw .notWritable(path: path, reason: failure) }
        guard closed == 0 else { throw .notWritable(path: path, reason: lastError()) }
        guard rename(temporary, path) == 0 else { throw .notWritable(path: path, reason: lastError()) }
        keepTemporary = true
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
