import ArgumentParser
import Foundation

struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Make the running `nearby feed` reload its data.",
        discussion: """
            Sends SIGHUP to the feed that holds the pidfile and says which one it \
            signalled. Only a nearby process of this user that holds the pidfile's \
            lock is signalled: a pid left in a stale file may belong to anything by now. \
            Exit status 69 when no feed is running (no pidfile, or one left by a process \
            that has gone), 77 when the holder belongs to another user.

            Examples:
              nearby refresh
              nearby refresh --pidfile /run/nearby/feed.pid
            """
    )

    @OptionGroup var pidFileOptions: PidFileOptions

    func run() throws {
        let pid = try pidFileOptions.runningFeed()
        guard kill(pid, SIGHUP) == 0 else {
            let path = pidFileOptions.url().path
            if errno == EPERM { throw CLIError(message: "not permitted to signal pid \(pid) (from \(path))", code: .noPermission) }
            throw CLIError(message: "no feed is running: pid \(pid) in \(path) has exited (stale pidfile)", code: .unavailable)
        }
        try StandardOutput.write("nearby: refreshed pid \(pid)\n")
    }
}
