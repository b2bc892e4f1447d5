import Foundation
import NearbyKit

/// The file that says which process runs `nearby feed`, so that
/// `nearby refresh` can signal it and a second feed can refuse to start.
struct PidFile {
    let url: URL

    enum Holder: Equatable {
        /// No pidfile.
        case nobody
        /// A file that does not hold a process id.
        case unreadable
        /// A process id whose process has exited.
        case stale(pid_t)
        case live(pid_t)
    }

    /// Whom the file names, and whether that process still runs.
    func holder() -> Holder {
        guard FileManager.default.fileExists(atPath: url.path) else { return .nobody }
        guard let data = FileManager.default.contents(atPath: url.path),
              let pid = pid_t(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              pid > 0
        else { return .unreadable }
        // Signal 0 checks without signalling; EPERM means it runs as someone else.
        if kill(pid, 0) == 0 || errno == EPERM { return .live(pid) }
        return .stale(pid)
    }

    /// Records this process, replacing a stale or unreadable file; refuses
    /// when a live process holds it. Returns the stale pid it replaced.
    @discardableResult
    func acquire() throws -> pid_t? {
        let replaced: pid_t?
        switch holder() {
        case .live(let pid) where pid != getpid():
            throw CLIError(
                message: "a feed is already running as pid \(pid) (\(url.path)); stop it, or give another --pidfile",
                code: .tempFailure)
        case .stale(let pid): replaced = pid
        case .nobody, .unreadable, .live: replaced = nil
        }
        do { try AtomicFile.write(Data("\(getpid())\n".utf8), to: url) } catch { throw CLIError(error) }
        return replaced
    }

    /// Removes the file if it still names this process: a later feed that
    /// replaced it keeps its own.
    func release() {
        if holder() == .live(getpid()) { unlink(url.path) }
    }
}
