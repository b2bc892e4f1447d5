import ArgumentParser
import Foundation

/// Where `nearby feed` records its process id and `nearby refresh` finds it.
struct PidFileOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The pidfile (default $XDG_RUNTIME_DIR/nearby.pid, else /tmp/nearby-<uid>.pid).", valueName: "path")
    )
    var pidfile: String?

    func url() -> URL {
        if let pidfile { return URL(fileURLWithPath: pidfile) }
        if let runtime = runtimeDirectory { return URL(fileURLWithPath: runtime).appendingPathComponent("nearby.pid") }
        return URL(fileURLWithPath: "/tmp/nearby-\(getuid()).pid")
    }

    private var runtimeDirectory: String? {
        guard pidfile == nil, let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime
    }

    /// Where the path came from, when the user did not give it.
    private var origin: String {
        runtimeDirectory.map { " (from XDG_RUNTIME_DIR=\($0))" } ?? ""
    }

    /// Takes the pidfile for this process (`what` it is: "a feed", "a server"), as a CLI failure when it cannot.
    func acquire(as what: String = "a feed") throws -> PidFile.Lease {
        let path = url().path
        do {
            let lease = try PidFile(url: url()).acquire()
            if let stale = lease.replaced {
                let why = kill(stale, 0) == 0 || errno == EPERM ? "does not hold it" : "has exited"
                StandardError.line("nearby: replaced the stale pidfile \(path) (pid \(stale) \(why))")
            }
            return lease
        } catch {
            switch error {
            case .held(let pid?):
                let holder = Self.command(of: pid) ?? what
                throw CLIError(
                    message: "\(holder) is already running as pid \(pid) (\(path)); stop it, or give another --pidfile", code: .tempFailure)
            case .held(nil):
                throw CLIError(
                    message: "\(what) is already running (\(path) is locked); stop it, or give another --pidfile", code: .tempFailure)
            case .notAPidFile(let reason):
                throw CLIError(
                    message: "will not use \(path)\(origin) as the pidfile: \(reason); give another --pidfile", code: .cannotCreate)
            case .cannotWrite(let reason):
                throw CLIError(message: "cannot create the pidfile \(path)\(origin): \(reason)", code: .cannotCreate)
            }
        }
    }

    /// What the process holding a pidfile is, from its command line: a feed or
    /// a server may hold the same pidfile, and the message names the one that does.
    private static func command(of pid: pid_t) -> String? {
        guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        switch line.split(separator: 0).dropFirst().first.map({ String(decoding: $0, as: UTF8.self) }) {
        case "feed": return "a feed"
        case "serve": return "a server"
        default: return nil
        }
    }

    /// The pid of the running feed, or the CLI failure that says why there is none.
    func runningFeed() throws -> pid_t {
        let path = url().path
        switch PidFile(url: url()).holder() {
        case .nobody:
            throw CLIError(message: "no feed is running: there is no pidfile at \(path)\(origin)", code: .unavailable)
        case .notAPidFile(let reason):
            throw CLIError(message: "no feed is running: \(path) is not a pidfile (\(reason))", code: .unavailable)
        case .stale(nil):
            throw CLIError(message: "no feed is running: \(path) is empty and unlocked (stale pidfile)", code: .unavailable)
        case .stale(let pid?):
            let why = kill(pid, 0) == 0 || errno == EPERM ? "is not the feed that locked it" : "has exited"
            throw CLIError(message: "no feed is running: pid \(pid) in \(path) \(why) (stale pidfile)", code: .unavailable)
        case .foreign(let pid, let reason):
            throw CLIError(
                message: "will not signal pid \(pid) from \(path): \(reason)",
                code: reason.contains("another user") ? .noPermission : .unavailable)
        case .live(let pid):
            return pid
        }
    }
}
