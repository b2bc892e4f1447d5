import Foundation
import NearbyKit
import NearbyTestSupport
import Testing

/// `nearby feed` and `nearby refresh` end to end: the built binary on a
/// temporary copy of the Monaco data, with its own pidfile, in a folder
/// each test removes when it ends (a class, for the `deinit`).
final class FeedTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]
    let directory: URL
    let data: URL
    let pidfile: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        data = directory.appendingPathComponent("places.geojson")
        pidfile = directory.appendingPathComponent("nearby.pid")
        try FileManager.default.copyItem(at: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"), to: data)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func startFeed(_ extra: [String] = []) throws -> RunningNearby {
        try RunningNearby(["feed"] + Self.position + ["--data", data.path, "--pidfile", pidfile.path] + extra)
    }

    /// Rewrites the data file with one more place, at the feed's own position
    /// so that it is the nearest of its kind and shows in the home feed.
    func addPlace(named name: String, id: String, category: PlaceCategory = .cafe) throws {
        var dataset = try PlacesDataset.load(from: data)
        dataset.places.append(
            Place(id: id, name: name, category: category, coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246)))
        try AtomicFile.write(dataset.encoded(), to: data)
    }

    func refresh() throws -> NearbyBinary.Run {
        try NearbyBinary.run(["refresh", "--pidfile", pidfile.path])
    }

    @Test func reloadsOnSIGHUPAndOnATypedRefreshAndShowsNewPlaces() throws {
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        let first = try #require(feed.feeds.first)
        // `— 14:02:11 · 778 places —`
        #expect(first[0].range(of: "^— [0-9]{2}:[0-9]{2}:[0-9]{2} · [0-9]+ places —$", options: .regularExpression) != nil)
        #expect(first[1].hasPrefix("Places within 1500 m of"))
        #expect(feed.stdout.contains("Places to eat and drink"))
        #expect(FileManager.default.fileExists(atPath: pidfile.path))

        feed.send(SIGHUP)
        #expect(feed.waitUntil { feed.feeds.count == 2 })
        #expect(feed.feeds.last?.dropFirst() == first.dropFirst())

        try addPlace(named: "Café du Signal", id: "n9000000001")
        feed.send(SIGHUP)
        #expect(feed.waitUntil { feed.stdout.contains("Café du Signal") })

        try addPlace(named: "Bar de la Ligne", id: "n9000000002", category: .bar)
        feed.type("refresh")
        #expect(feed.waitUntil { feed.stdout.contains("Bar de la Ligne") })
        let counts = feed.feeds.compactMap { $0.first?.split(separator: "·").last?.split(separator: " ").first.flatMap { Int($0) } }
        #expect(counts.count == 4 && counts[3] == counts[0] + 2)
        #expect(feed.stderr.isEmpty)
        #expect(feed.isRunning)
    }

    @Test func aFailedReloadKeepsTheFeedAndALaterOneRecovers() throws {
        let feed = try startFeed(["--category", "cafe"])
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        #expect(feed.feeds.first?[1].hasPrefix("Cafés within 1500 m") == true)

        try Data("{\"type\": \"FeatureCollection\", \"features\": [".utf8).write(to: data)
        feed.type("r")
        #expect(feed.waitUntil { feed.stderr.contains("refresh failed") })
        #expect(feed.stderr.hasPrefix("nearby: refresh failed: invalid places dataset"))
        #expect(feed.stderr.contains("still showing the feed from"))
        #expect(feed.stderr.split(separator: "\n").count == 1)
        #expect(feed.isRunning)
        #expect(feed.feeds.count == 1)

        try FileManager.default.removeItem(at: data)
        feed.send(SIGHUP)
        #expect(feed.waitUntil { feed.stderr.split(separator: "\n").count == 2 })
        #expect(feed.isRunning)

        try FileManager.default.copyItem(at: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"), to: data)
        try addPlace(named: "Café de la Reprise", id: "n9000000003")
        feed.send(SIGHUP)
        #expect(feed.waitUntil { feed.stdout.contains("Café de la Reprise") })
        #expect(feed.feeds.count == 2)
    }

    @Test func aBurstOfSignalsCoalescesIntoWholeFeeds() throws {
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        let start = Date()
        for _ in 0..<50 { feed.send(SIGHUP) }
        #expect(Date().timeIntervalSince(start) < 0.1)
        #expect(feed.waitUntil { feed.feeds.count >= 2 })
        feed.type("q")
        #expect(feed.waitForExit() == 0)

        let feeds = feed.feeds
        #expect(feeds.count >= 2 && feeds.count < 50)
        // Whole feeds only: each has the first one's length and ends with its blank line.
        for printed in feeds {
            #expect(printed.count == feeds[0].count)
            #expect(printed.last == "")
            #expect(printed[1].hasPrefix("Places within"))
        }
        #expect(feed.stdout.hasSuffix("\n\n"))
    }

    @Test func refreshSignalsTheRunningFeedAndFailsWhenNoneRuns() throws {
        let none = try refresh()
        #expect(none.status == 69)
        #expect(none.stderr == "nearby: no feed is running: there is no pidfile at \(pidfile.path)\n")

        // A pidfile left by a process that has exited.
        let exited = try ChildProcess.run(URL(fileURLWithPath: "/bin/true"), [])
        try Data("\(exited.pid)\n".utf8).write(to: pidfile)
        let stale = try refresh()
        #expect(stale.status == 69)
        #expect(stale.stderr.contains("has exited (stale pidfile)"))

        // The feed replaces that stale pidfile.
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        #expect(feed.stderr.contains("replaced the stale pidfile"))
        let recorded = try String(contentsOf: pidfile, encoding: .utf8)
        #expect(recorded == "\(feed.pid)\n")

        let refreshed = try refresh()
        #expect(refreshed.status == 0)
        #expect(refreshed.stdout == "nearby: refreshed pid \(feed.pid)\n")
        #expect(feed.waitUntil { feed.feeds.count == 2 })

        // A second feed on the same pidfile is refused.
        let second = try NearbyBinary.run(["feed"] + Self.position + ["--data", data.path, "--pidfile", pidfile.path])
        #expect(second.status == 75)
        #expect(
            second.stderr == "nearby: a feed is already running as pid \(feed.pid) (\(pidfile.path)); stop it, or give another --pidfile\n")
        #expect(try String(contentsOf: pidfile, encoding: .utf8) == "\(feed.pid)\n")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalEndsItCleanlyAndRemovesThePidfile(_ signo: Int32) throws {
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        feed.send(signo)
        #expect(feed.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: pidfile.path))
    }

    /// `/TEXT` searches by name through the search view model; `/` alone shows the feed again.
    @Test func aSlashSearchesByNameAndAloneGoesBackToTheFeed() throws {
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        feed.type("/caf par")
        #expect(feed.waitUntil { feed.stdout.contains("“caf par” within 1500 m") })
        #expect(feed.stdout.contains(" · search · 2 places —"))
        #expect(feed.stdout.split(separator: "\n").contains { $0.contains("1. Café") && $0.contains("Café de Paris") })
        feed.type("/")
        #expect(feed.waitUntil { feed.feeds.count == 3 && feed.feeds.last?.dropFirst().first?.hasPrefix("Places within") == true })
        feed.type("unknown")
        #expect(feed.waitUntil { feed.stderr.contains("/TEXT to search by name") })
    }

    /// A `/TEXT` longer than a search takes is said on stderr, as `nearby search` says it; the feed goes on.
    @Test func aSlashSearchTooLongIsSaidAndTheFeedGoesOn() throws {
        let feed = try startFeed()
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        feed.type("/" + String(repeating: "a", count: 500))
        #expect(feed.waitUntil { feed.stderr.contains("nearby: the search text is 500 bytes, more than the 400 a search takes\n") })
        #expect(!feed.stderr.contains("search failed"))
        feed.type("/caf par")
        #expect(feed.waitUntil { feed.stdout.contains("“caf par” within 1500 m") })
    }

    @Test func qOrTheEndOfInputEndItCleanly() throws {
        let typed = try startFeed()
        defer { typed.stop() }
        #expect(typed.waitUntil { typed.feeds.count == 1 })
        typed.type("q")
        #expect(typed.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: pidfile.path))

        let closed = try startFeed()
        defer { closed.stop() }
        #expect(closed.waitUntil { closed.feeds.count == 1 })
        closed.closeInput()
        #expect(closed.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: pidfile.path))

        // Input that is empty from the start still gets its one feed.
        let once = try NearbyBinary.run(["feed"] + Self.position + ["--data", data.path, "--pidfile", pidfile.path])
        #expect(once.status == 0)
        #expect(once.stdout.hasPrefix("— ") && once.stdout.contains("Places to eat and drink"))
        #expect(!FileManager.default.fileExists(atPath: pidfile.path))
    }

    @Test func theFirstLoadFailingEndsItWithTheDataError() throws {
        let missing = directory.appendingPathComponent("missing.geojson")
        let run = try NearbyBinary.run(["feed"] + Self.position + ["--data", missing.path, "--pidfile", pidfile.path])
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("nearby: "))
        #expect(!FileManager.default.fileExists(atPath: pidfile.path))
    }

    @Test func watchReloadsWhenTheDataFileChanges() throws {
        let feed = try startFeed(["--watch"])
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        try addPlace(named: "Café Surveillé", id: "n9000000004")
        #expect(feed.waitUntil { feed.stdout.contains("Café Surveillé") })
    }

    /// Rewrites `old` as `new` (the same length) inside the data file, in
    /// place, and sets the modification time back: size, inode and mtime
    /// all say nothing changed; only the content (and ctime) did.
    func editInPlaceKeepingTheStamp(_ old: String, _ new: String) throws {
        var before = stat()
        #expect(stat(data.path, &before) == 0)
        let content = try Data(contentsOf: data)
        let range = try #require(content.range(of: Data(old.utf8)))
        let handle = try FileHandle(forWritingTo: data)
        try handle.seek(toOffset: UInt64(range.lowerBound))
        try handle.write(contentsOf: Data(new.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, data.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(data.path, &after) == 0)
        #expect(
            after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec
                && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    }

    // Needs the place service's forced reload on SIGHUP (the service is being
    // rewritten alongside); until then the service trusts the unchanged stamp.
    @Test func aSIGHUPReReadsASameSizeEditWhoseTimeWasRestored() throws {
        let feed = try startFeed(["--category", "cafe"])
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        #expect(feed.stdout.contains("Le Palace Café"))
        try editInPlaceKeepingTheStamp("Le Palace Café", "Le Palais Café")
        feed.send(SIGHUP)
        #expect(feed.waitUntil { feed.feeds.count == 2 })
        #expect(feed.feeds.last?.contains { $0.contains("Le Palais Café") } == true)
    }

    @Test func watchSeesASameSizeEditWhoseTimeWasRestored() throws {
        let feed = try startFeed(["--category", "cafe", "--watch"])
        defer { feed.stop() }
        #expect(feed.waitUntil { feed.feeds.count == 1 })
        try editInPlaceKeepingTheStamp("Le Palace Café", "Le Palais Café")
        // The watcher's reload is a feed printed again (its content needs the forced reload too).
        #expect(feed.waitUntil { feed.feeds.count == 2 })
    }

    @Test func helpHasExamples() throws {
        for command in ["feed", "refresh"] {
            let run = try NearbyBinary.run([command, "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.contains("Examples:"))
            #expect(run.stdout.contains("--pidfile"))
        }
        #expect(try NearbyBinary.run(["--help"]).stdout.contains("nearby feed"))
    }
}
