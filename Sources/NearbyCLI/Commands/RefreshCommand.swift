import ArgumentParser
import Foundation

struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Make the running `nearby feed` reload its data.",
        discussion: """
        Sends SIGHUP to the process named in the pidfile and says which one it \
        signalled. Exit status 69 when no feed is running (no pidfile, or one left \
        by a process that has exited), 77 when not permitted to signal it.

        Examples:
          nearby refresh
          nearby refresh --pidfile /run/nearby/feed.pid
        """
    )

    @OptionGroup var pidFileOptions: PidFileOptions

    func run() throws {
        let pidFile = PidFile(url: pidFileOptions.url())
        let path = pidFile.url.path
        switch pidFile.holder() {
        case .nobody:
            throw CLIError(message: "no feed is running: there is no pidfile at \(path)", code: .unavailable)
        case .unreadable:
            throw CLIError(message: "no feed is running: \(path) does not hold a process id", code: .unavailable)
        case .stale(let pid):
            throw CLIError(message: "no feed is running: pid \(pid) in \(path) has exited (stale pidfile)", code: .unavailable)
        case .live(let pid):
            guard kill(pid, SIGHUP) == 0 else {
                if errno == EPERM { throw CLIError(message: "not permitted to signal pid \(pid) (from \(path))", code: .noPermission) }
                throw CLIError(message: "no feed is running: pid \(pid) in \(path) has exited (stale pidfile)", code: .unavailable)
            }
            try StandardOutput.write("nearby: refreshed pid \(pid)\n")
        }
    }
}
