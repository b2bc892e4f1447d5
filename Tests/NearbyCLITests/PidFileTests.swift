import Foundation
import NearbyTestSupport
import Testing

/// The pidfile of `nearby feed` and `nearby refresh`: taken under a lock
/// held for the feed's life, never anyone else's file or process.
final class PidFileTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]
    let directory: URL
    let pidfile: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pidfile = directory.appendingPathComponent("nearby.pid")
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func startFeed() throws -> RunningNearby {
        try RunningNearby(["feed"] + Self.position + ["--pidfile", pidfile.path])
    }

    func refresh() throws -> NearbyBinary.Run {
        try NearbyBinary.run(["refresh", "--pidfile", pidfile.path])
    }

    /// A live process that is not nearby, as a reused pid would be.
    func unrelatedProcess() throws -> ChildProcess {
        try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["60"])
    }

    @Test func aFileThatIsNotAPidfileIsRefusedAndKept() throws {
        let notes = directory.appendingPathComponent("notes.txt")
        try Data("buy milk\n".utf8).write(to: notes)
        let run = try NearbyBinary.run(["feed"] + Self.position + ["--pidfile", notes.path])
        #expect(run.status == 73)
        #expect(
            run.stderr
                == "nearby: will not use \(notes.path) as the pidfile: it holds something other than a process id; give another --pidfile\n"
        )
        #expect(try String(contentsOf: notes, encoding: .utf8) == "buy milk\n")

        #expect(try NearbyBinary.run(["feed"] + Self.position + ["--pidfile", "/dev/null"]).status == 73)
        let link = directory.appendingPathComponent("link.pid")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: notes)
        let linked = try NearbyBinary.run(["feed"] + Self.position + ["--pidfile", link.path])
        #expect(linked.status == 73)
        #expect(linked.stderr.contains("it is a symbolic link"))
    }

    @Test func twoFeedsStartedAtOnceNeverBothRun() throws {
        for _ in 0..<5 {
            let feeds = [try startFeed(), try startFeed()]
            defer { feeds.forEach { $0.stop() } }
            #expect(feeds[0].waitUntil { feeds.contains { !$0.isRunning } })
            let refused = feeds.filter { !$0.isRunning }
            let running = feeds.filter(\.isRunning)
            #expect(refused.count == 1 && running.count == 1)
            #expect(refused.first?.waitForExit() == 75)
            if let running = running.first {
                #expect(running.waitUntil { running.feeds.count == 1 })
                #expect(try String(contentsOf: pidfile, encoding: .utf8) == "\(running.pid)\n")
                running.type("q")
                #expect(running.waitForExit() == 0)
            }
            #expect(!FileManager.default.fileExists(atPath: pidfile.path))
        }
    }

    @Test func aStalePidOfAnUnrelatedProcessIsNeverSignalled() throws {
        // Killed when it goes (SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask).
        let sleeper = try unrelatedProcess()
        try Data("\(sleeper.pid)\n".utf8).write(to: pidfile)

        let refused = try refresh()
        #expect(refused.status == 69)
        #expect(
            refused.stderr
                == "nearby: no feed is running: pid \(sleeper.pid) in \(pidfile.path) is not the feed that locked it (stale pidfile)\n")
        #expect(sleeper.isRunning)

        try Data("1\n".utf8).write(to: pidfile)
        let initProcess = try refresh()
        #expect(initProcess.status == 69)
        #expect(initProcess.stderr.contains("(stale pidfile)"))

        // The feed takes such a file: nobody holds it.
        try Data("\(sleeper.pid)\n".utf8).write(to: pidfile)
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        #expect(feed.stderr == "nearby: replaced the stale pidfile \(pidfile.path) (pid \(sleeper.pid) does not hold it)\n")
        #expect(try refresh().stdout == "nearby: refreshed pid \(feed.pid)\n")
        #expect(sleeper.isRunning)
    }

    @Test(arguments: [SIGQUIT, SIGSEGV, SIGABRT])
    func aFatalSignalEndsTheFeedAndTheNextOneTakesThePidfile(_ signo: Int32) throws {
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        feed.send(signo)
        #expect(feed.waitForExit() != nil)
        #expect(feed.process.terminationReason == .uncaughtSignal)
        #expect(feed.process.terminationStatus == signo)

        let next = try startFeed()
        defer { next.stop() }
        #expect(next.waitUntil { next.feeds.count == 1 })
        #expect(next.stderr.hasPrefix("nearby: replaced the stale pidfile \(pidfile.path) (pid \(feed.pid) has exited)"))
    }

    @Test func aBadRuntimeDirectoryNamesThePidfile() throws {
        let run = try NearbyBinary.run(["feed"] + Self.position, environment: ["XDG_RUNTIME_DIR": "/nonexistent-runtime"])
        #expect(run.status == 73)
        #expect(
            run.stderr
                == "nearby: cannot create the pidfile /nonexistent-runtime/nearby.pid "
                + "(from XDG_RUNTIME_DIR=/nonexistent-runtime): No such file or directory\n")
    }
}
