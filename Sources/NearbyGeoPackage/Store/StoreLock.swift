import Foundation
import NearbyKit

/// Makes the commands that write a store file (`import`, `update`) take
/// turns: an exclusive `flock` on the store itself, held until the new
/// file has been renamed over it. A second writer is refused, not queued:
/// an update waiting behind another would apply its changes to data it
/// has not read. Readers do not take it (SQLite's own locks are `fcntl`
/// locks, which `flock` does not touch), so a running server reads on.
public final class StoreLock {
    private let descriptor: Int32

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Locks the file at `url`; nil when there is none yet (nothing to
    /// overwrite: a writer's rename is atomic whoever wins), or when it is
    /// not a regular file (a FIFO, a device: written in place, never
    /// renamed over, and a FIFO held open here would never see its end).
    public static func acquire(_ url: URL) throws(StoreLockError) -> StoreLock? {
        while true {
            var info = stat()
            guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                if errno == ENOENT { return nil }
                throw .cannotLock(url.path, reason: SystemError.text(errno))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let error = errno
                close(descriptor)
                if error == EWOULDBLOCK {
                    throw .busy(url.path)
                }
                throw .cannotLock(url.path, reason: SystemError.text(error))
            }
            // Locked what the path named when opened; a writer that held it may have renamed a new file there since.
            if fstat(descriptor, &info) == 0, FileIdentity(info) == FileIdentity(of: url) { return StoreLock(descriptor) }
            close(descriptor)
        }
    }
}

/// Why a store file could not be locked for writing.
public enum StoreLockError: Error, Equatable, LocalizedError {
    /// Another import or update holds it.
    case busy(String)
    case cannotLock(String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .busy(let path): "another nearby import or update is writing \(path); run this again once it has finished"
        case .cannotLock(let path, let reason): "cannot lock \(path): \(reason)"
        }
    }

    /// The sysexits(3) code: 75 (try again once the other has ended), 74 (an I/O fault).
    public var exitCode: Int32 {
        switch self {
        case .busy: 75
        case .cannotLock: 74
        }
    }
}
