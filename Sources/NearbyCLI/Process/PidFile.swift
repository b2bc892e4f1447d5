import Foundation
import NearbyKit

/// The file that says which process runs a long-lived nearby command
/// (`nearby feed`, `nearby serve`), so that `nearby refresh` can
/// signal it and a second one can refuse to start.
///
/// The holder keeps an exclusive `flock` on the file for its whole life.
/// The lock, not the pid written in the file, says whether the holder
/// runs: the kernel drops it when the process dies however it dies, so a
/// stale file (its pid perhaps reused by an unrelated process) is simply
/// taken, and two processes starting at once cannot both get it.
/// Foundation only, so that other executables can use it as it is.
struct PidFile: Sendable {
    let url: URL

    enum Holder: Equatable {
        /// No pidfile.
        case nobody
        /// Something that is not a pidfile is at the path.
        case notAPidFile(reason: String)
        /// Nobody holds the file's lock: the process named (if any) is not its holder.
        case stale(pid_t?)
        /// A nearby process of this user holds it.
        case live(pid_t)
        /// The lock is held, but the process named is not a nearby process of this user.
        case foreign(pid_t, reason: String)
    }

    enum Failure: Error, Equatable {
        /// Another process holds the file (it was named in it).
        case held(by: pid_t?)
        /// The path holds something else: a file with other content, a link, a FIFO.
        case notAPidFile(reason: String)
        /// The file cannot be created or written.
        case cannotWrite(reason: String)
    }

    /// The acquired file: the lock lives as long as the descriptor.
    struct Lease: Sendable {
        let url: URL
        fileprivate let descriptor: Int32
        /// The pid the file held before, when it was left by a process that has gone.
        let replaced: pid_t?

        /// Removes the file if it is still the one this process locked (a
        /// later holder may have replaced it), then drops the lock.
        func release() {
            var open = stat(), named = stat()
            if fstat(descriptor, &open) == 0, stat(url.path, &named) == 0,
                open.st_dev == named.st_dev, open.st_ino == named.st_ino
            {
                unlink(url.path)
            }
            close(descriptor)
        }
    }

    /// Whom the file names, and whether that process holds it.
    func holder() -> Holder {
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .nobody
            case ELOOP: return .notAPidFile(reason: "it is a symbolic link")
            default: return .notAPidFile(reason: SystemError.text(errno))
            }
        }
        defer { close(fd) }
        if let problem = Self.notARegularFile(fd) { return .notAPidFile(reason: problem) }
        // A holder writes its pid just after taking the lock: an empty file
        // under a held lock is a holder starting, worth a moment's wait.
        for _ in 0..<50 {
            let content = Self.read(fd)
            guard Self.isLocked(fd) else {
                guard let content else { return .notAPidFile(reason: "it does not hold a process id") }
                return .stale(content.pid)
            }
            switch content {
            case nil: return .notAPidFile(reason: "it does not hold a process id")
            case (let pid?, _)?:
                if let reason = Self.notOurs(pid) { return .foreign(pid, reason: reason) }
                return .live(pid)
            case (nil, _)?: usleep(10_000)
            }
        }
        return .notAPidFile(reason: "it is locked but holds no process id")
    }

    /// Takes the file for this process and writes its pid; refuses when a
    /// live process holds it, or when the path holds something else.
    func acquire() throws(Failure) -> Lease {
        while true {
            let fd = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                if errno == ELOOP { throw .notAPidFile(reason: "it is a symbolic link") }
                throw .cannotWrite(reason: SystemError.text(errno))
            }
            if let problem = Self.notARegularFile(fd) {
                close(fd)
                throw .notAPidFile(reason: problem)
            }
            guard Self.lock(fd) else {
                let pid = Self.read(fd)?.pid
                close(fd)
                throw .held(by: pid)
            }
            // The holder before may have removed the file between our open and
            // our lock: then the lock is on a file nobody else will look at.
            var open = stat(), named = stat()
            guard fstat(fd, &open) == 0, stat(url.path, &named) == 0, open.st_dev == named.st_dev, open.st_ino == named.st_ino else {
                close(fd)
                continue
            }
            guard let content = Self.read(fd) else {
                close(fd)
                throw .notAPidFile(reason: "it holds something other than a process id")
            }
            let text = Data("\(getpid())\n".utf8)
            let written = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            guard ftruncate(fd, off_t(text.count)) == 0, written == text.count else {
                let reason = SystemError.text(errno)
                close(fd)
                throw .cannotWrite(reason: reason)
            }
            return Lease(url: url, descriptor: fd, replaced: content.pid)
        }
    }

    /// Tries the exclusive lock for a moment: `nearby refresh` takes a
    /// shared one for an instant to see whether the file is held.
    private static func lock(_ fd: Int32) -> Bool {
        for _ in 0..<20 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            usleep(5_000)
        }
        return false
    }

    /// Whether some process holds the lock, without keeping one.
    private static func isLocked(_ fd: Int32) -> Bool {
        guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    /// The file's pid: `(pid, text)` — nil pid for an empty file; nil for a
    /// file that holds anything but a pid (someone's notes, a large file).
    private static func read(_ fd: Int32) -> (pid: pid_t?, text: String)? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count >= 0, count < buffer.count else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return (nil, text) }
        guard text.allSatisfy(\.isASCII), let pid = pid_t(text), pid > 0 else { return nil }
        return (pid, text)
    }

    private static func notARegularFile(_ fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return SystemError.text(errno) }
        return info.st_mode & S_IFMT == S_IFREG ? nil : "it is not a regular file"
    }

    /// Why `pid` is not a nearby process of this user, or nil when it is:
    /// the same executable name as this one, the same owner.
    private static func notOurs(_ pid: pid_t) -> String? {
        var info = stat()
        guard stat("/proc/\(pid)", &info) == 0 else { return "pid \(pid) has exited" }
        guard info.st_uid == geteuid() else { return "pid \(pid) belongs to another user" }
        func program(_ link: String) -> String? {
            guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else { return nil }
            // An upgraded binary shows as "/usr/bin/nearby (deleted)".
            let name = URL(fileURLWithPath: path).lastPathComponent
            return name.hasSuffix(" (deleted)") ? String(name.dropLast(10)) : name
        }
        guard let theirs = program("/proc/\(pid)/exe") else { return "pid \(pid) cannot be inspected" }
        guard theirs == program("/proc/self/exe") else { return "pid \(pid) is \(theirs), not nearby" }
        return nil
    }
}
