import Foundation
import NearbyGeoPackage
import NearbyTestSupport
import Testing

/// `nearby update --replication` against a feed served over loopback HTTP
/// (Python's http.server on a folder laid out as a feed): two sequences
/// made by `Tools/make-changed-extract` (A → B is 2948, B → C is 2949).
struct ReplicationFeedTests {
    static let tool = NearbyBinary.repository.appendingPathComponent("Tools/make-changed-extract")
    static let extract = NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf")

    /// A folder served over HTTP on an ephemeral port of 127.0.0.1; with
    /// `dripping`, a path ending so answers its head at once, then a byte
    /// of its body every half second, for ever.
    final class FolderServer {
        let url: String
        private let child: ChildProcess

        init(_ folder: URL, dripping: String? = nil) throws {
            let arguments =
                dripping.map { ["python3", "-u", "-c", Self.drip, folder.path, $0] }
                ?? ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
            child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments)
            let deadline = Date().addingTimeInterval(30)
            var port: String?
            while port == nil, Date() < deadline, child.isRunning {
                port = child.stdout.firstMatch(of: /port (\d+)/).map { String($0.1) }
                if port == nil { usleep(20_000) }
            }
            url = "http://127.0.0.1:\(try #require(port, "python3 -m http.server did not say its port: \(child.stderr)"))"
        }

        deinit { child.kill() }

        static let drip = """
            import functools, http.server, sys, time
            folder, slow = sys.argv[1], sys.argv[2]
            class Handler(http.server.SimpleHTTPRequestHandler):
                def do_GET(self):
                    if not self.path.endswith(slow):
                        return super().do_GET()
                    self.send_response(200)
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    try:
                        while True:
                            self.wfile.write(b"s")
                            self.wfile.flush()
                            time.sleep(0.5)
                    except OSError:
                        pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
            print("Serving HTTP on 127.0.0.1 port", server.server_address[1], flush=True)
            server.serve_forever()
            """
    }

    /// A feed folder, the store at A (sequence 2947) and C, the extract the feed leads to.
    struct Fixture {
        let folder: URL
        let feed: URL
        let store: URL
        let c: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-feed-\(UUID().uuidString)")
            feed = folder.appendingPathComponent("feed")
            try FileManager.default.createDirectory(at: feed.appendingPathComponent("000/002"), withIntermediateDirectories: true)
            let b = folder.appendingPathComponent("b.osm.pbf")
            c = folder.appendingPathComponent("c.osm.pbf")
            for (from, to, sequence) in [(ReplicationFeedTests.extract.path, b, "948"), (b.path, c, "949")] {
                let made = try ChildProcess.run(
                    Self.tool, [from, to.path, "--changes", feed.appendingPathComponent("000/002/\(sequence).osc.gz").path])
                try #require(made.status == 0, "\(made.stderr)")
            }
            try FileManager.default.copyItem(
                at: feed.appendingPathComponent("000/002/949.state.txt"), to: feed.appendingPathComponent("state.txt"))
            store = folder.appendingPathComponent("places.gpkg")
            let imported = try NearbyBinary.run([
                "import", ReplicationFeedTests.extract.path, "--out", store.path, "--timezone", "Europe/Monaco",
            ])
            try #require(imported.status == 0, "\(imported.stderr)")
        }

        static let tool = ReplicationFeedTests.tool

        func remove() { try? FileManager.default.removeItem(at: folder) }

        func sequence(_ name: String) -> URL { feed.appendingPathComponent("000/002/\(name)") }
    }

    /// A corrupt sequence, a missing one and one too large are refused, and
    /// a disk that takes no more fails the update, with the store left byte
    /// for byte; then the feed is caught up from where it stands, a batch at
    /// a time, to answer as an import of C; an unreachable feed is exit 69.
    @Test func aFeedIsFollowedAndWhatIsWrongWithItRefused() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try FolderServer(fixture.feed)
        let before = try Data(contentsOf: fixture.store)
        func update(_ extra: [String] = []) throws -> NearbyBinary.Run {
            try NearbyBinary.run(["update", "--data", fixture.store.path, "--replication", server.url] + extra)
        }

        let whole = try Data(contentsOf: fixture.sequence("949.osc.gz"))
        try whole.prefix(whole.count - 40).write(to: fixture.sequence("949.osc.gz"))
        let corrupt = try update()
        #expect(
            corrupt.status == 65 && corrupt.stderr.contains("osmium could not apply \(server.url)/000/002/949.osc.gz"), "\(corrupt.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
        try whole.write(to: fixture.sequence("949.osc.gz"))

        try FileManager.default.moveItem(at: fixture.sequence("948.state.txt"), to: fixture.folder.appendingPathComponent("948.state.txt"))
        let missing = try update()
        #expect(
            missing.status == 65 && missing.stderr.contains("the replication feed has no \(server.url)/000/002/948.state.txt"),
            "\(missing.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
        try FileManager.default.moveItem(at: fixture.folder.appendingPathComponent("948.state.txt"), to: fixture.sequence("948.state.txt"))

        let large = try update(["--max-changes", "10"])
        #expect(large.status == 65 && large.stderr.contains("more than --max-changes 10"), "\(large.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)

        let unreachable = try await LoopbackPort.refusing { port in
            try NearbyBinary.run(["update", "--data", fixture.store.path, "--replication", "http://127.0.0.1:\(port)"])
        }
        #expect(unreachable.status == 69 && unreachable.stderr.contains("cannot be reached"), "\(unreachable.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)

        // A disk that takes no more: the store's file may not grow (RLIMIT_FSIZE), and the write that would grow it fails.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: fixture.store.path)[.size] as? Int)
        let full = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/prlimit"),
            ["--fsize=\(size)", "--", NearbyBinary.url.path, "update", "--data", fixture.store.path, "--replication", server.url])
        #expect(
            full.status == 74 && full.stderr.hasPrefix("nearby: failed writing \(fixture.store.path): ")
                && full.stderr.hasSuffix("; it is as it was before this update\n") && full.stderr.split(separator: "\n").count == 1,
            "\(full.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)

        let caughtUp = try update(["--batch", "1", "--max-changes", "1000"])
        #expect(caughtUp.status == 0, "\(caughtUp.stderr)")
        let updates = caughtUp.stderr.split(separator: "\n").filter { $0.hasPrefix("nearby: updated") }
        #expect(updates.count == 2 && updates.last?.hasSuffix("(replication sequence 2949)") == true, "\(caughtUp.stderr)")
        let again = try update()
        #expect(again.status == 0 && again.stderr.contains("is up to date (replication sequence 2949)"), "\(again.stderr)")

        let fresh = fixture.folder.appendingPathComponent("c.gpkg")
        let imported = try NearbyBinary.run(["import", fixture.c.path, "--out", fresh.path, "--timezone", "Europe/Monaco"])
        try #require(imported.status == 0)
        #expect(try PlacesFile.dataset(at: fixture.store).places.byID == PlacesFile.dataset(at: fresh).places.byID)
    }

    /// `serve --replication` follows the feed itself: it applies 948, logs
    /// and counts a corrupt 949 and tries it again each look, applies it once
    /// whole, and counts the looks at a feed that is gone — answering all the
    /// while, each answer from one version of the data.
    @Test func aServerFollowsTheFeedItself() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let whole = try Data(contentsOf: fixture.sequence("949.osc.gz"))
        try whole.prefix(whole.count - 40).write(to: fixture.sequence("949.osc.gz"))
        var feed: FolderServer? = try FolderServer(fixture.feed)
        let (server, port) = try ServeCommandTests.serve([
            "--data", fixture.store.path, "--replication", "--replication-url", try #require(feed?.url),
            "--replication-interval", "1", "--replication-batch", "1",
        ])
        defer { server.stop() }
        var seen = Set<String>()
        func standing() -> String {
            let body = try? ServeCommandTests.get(port, "/api/dataset").body
            let json = body.flatMap { try? NearbyBinary.json($0) }
            let sequence = (json?["replication"] as? [String: Any])?["sequence"] as? Int
            let now = "\(json?["place_count"] as? Int ?? -1)@\(sequence ?? -1)"
            seen.insert(now)
            return now
        }
        func counted(_ name: String) -> Int? {
            guard let (status, body) = try? ServeCommandTests.get(port, "/metrics"), status == 200 else { return nil }
            let line = body.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            return line.flatMap { Int($0.split(separator: " ").last ?? "") }
        }
        let applied = "nearby_replication_sequences_applied_total"
        let failedUpdates = #"nearby_replication_failures_total{stage="update"}"#
        let failedFetches = #"nearby_replication_failures_total{stage="fetch"}"#

        #expect(
            try await server.pollUntil(seconds: 60) { standing().hasSuffix("@2948") && (counted(failedUpdates) ?? 0) >= 1 },
            "\(server.stderr)")
        #expect(counted(applied) == 1)
        #expect(server.stderr.contains("osmium could not apply"), "\(server.stderr)")
        // Atomically: a file rewritten in place while http.server sends it is a short body, a failed fetch.
        try whole.write(to: fixture.sequence("949.osc.gz"), options: .atomic)
        #expect(try await server.pollUntil(seconds: 60) { standing().hasSuffix("@2949") }, "\(server.stderr)")
        #expect(counted(applied) == 2 && counted(failedFetches) == 0, "\(server.stderr)")

        feed = nil
        #expect(try await server.pollUntil(seconds: 60) { (counted(failedFetches) ?? 0) >= 1 }, "\(server.stderr)")
        #expect(try ServeCommandTests.get(port, "/healthz").status == 200)
        // One place count for each sequence served, and the last is the store's.
        let sequences = seen.map { $0.split(separator: "@").last.map(String.init) ?? "" }
        #expect(Set(sequences).isSubset(of: ["2947", "2948", "2949"]) && sequences.count == Set(sequences).count, "\(seen)")
        #expect(standing() == "\(try PlacesFile.dataset(at: fixture.store).places.count)@2949")
        server.send(SIGINT)
        #expect(server.waitForExit(seconds: 30) == 0, "\(server.stderr)")
    }

    /// A follower holds the store only while it updates it: between its
    /// looks an import of the same store goes ahead, and the follower's next
    /// look goes on from what that import recorded.
    @Test func aFollowerLetsAnImportInBetweenItsLooks() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try FolderServer(fixture.feed)
        let follower = try RunningNearby(["update", "--data", fixture.store.path, "--replication", server.url, "--interval", "3600"])
        defer { follower.stop() }
        #expect(
            follower.waitUntil(seconds: 120) { follower.stderr.contains("(replication sequence 2949)\n") }, "\(follower.stderr)")
        let imported = try NearbyBinary.run([
            "import", ReplicationFeedTests.extract.path, "--out", fixture.store.path, "--timezone", "Europe/Monaco",
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try PlacesFile.dataset(at: fixture.store).replication?.sequence == 2947)
    }

    /// `kill -9` at any moment of an update leaves the store whole — the old
    /// data or the new, never a mix nor a broken file — and the next run
    /// goes on from what the store records.
    @Test func aKilledUpdateLeavesTheStoreWholeAndTheNextResumes() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try FolderServer(fixture.feed)
        let a = try PlacesFile.dataset(at: fixture.store).places
        for delay in [0.2, 0.6, 1.2, 2.0, 3.0] {
            let child = try ChildProcess(
                NearbyBinary.url, ["update", "--data", fixture.store.path, "--replication", server.url, "--batch", "1"])
            usleep(useconds_t(delay * 1_000_000))
            child.kill()
            let now = try PlacesFile.dataset(at: fixture.store)
            #expect(
                [2947, 2948, 2949].contains(now.replication?.sequence ?? 0), "after \(delay) s: \(String(describing: now.replication))")
            if now.replication?.sequence == 2947 { #expect(now.places == a) }
        }
        let finished = try NearbyBinary.run(["update", "--data", fixture.store.path, "--replication", server.url])
        #expect(finished.status == 0, "\(finished.stderr)")
        let fresh = fixture.folder.appendingPathComponent("c.gpkg")
        let imported = try NearbyBinary.run(["import", fixture.c.path, "--out", fresh.path, "--timezone", "Europe/Monaco"])
        try #require(imported.status == 0)
        let updated = try PlacesFile.dataset(at: fixture.store)
        #expect(updated.places.byID == (try PlacesFile.dataset(at: fresh)).places.byID && updated.replication?.sequence == 2949)
    }

    /// A feed that drips its answers (a byte every half second) is cut off
    /// at the deadline on each whole answer: a state file or a change file,
    /// `update --once` ends with 69 and the store as it was; a server's
    /// follower counts and logs each look that failed, and tries again.
    @Test func aFeedThatDripsIsCutOffAtItsDeadline() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        for slow in ["/state.txt", "/948.osc.gz"] {
            let feed = try FolderServer(fixture.feed, dripping: slow)
            let run = try NearbyBinary.run(
                ["update", "--data", fixture.store.path, "--replication", feed.url, "--once", "--feed-timeout", "2"], seconds: 60)
            #expect(
                run.status == 69 && run.stderr.contains("cannot be reached at \(feed.url)") && run.stderr.contains(slow)
                    && run.stderr.contains("it did not answer in time") && run.stderr.split(separator: "\n").count == 1,
                "\(slow): \(run.status) \(run.stderr)")
            #expect(try Data(contentsOf: fixture.store) == before)
        }

        let feed = try FolderServer(fixture.feed, dripping: "/state.txt")
        let (server, port) = try ServeCommandTests.serve([
            "--data", fixture.store.path, "--replication", "--replication-url", feed.url, "--replication-interval", "1",
            "--replication-timeout", "1",
        ])
        defer { server.stop() }
        func counted(_ name: String) -> Int? {
            guard let (status, body) = try? ServeCommandTests.get(port, "/metrics"), status == 200 else { return nil }
            let line = body.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            return line.flatMap { Int($0.split(separator: " ").last ?? "") }
        }
        let failedFetches = #"nearby_replication_failures_total{stage="fetch"}"#
        #expect(try await server.pollUntil(seconds: 60) { (counted(failedFetches) ?? 0) >= 2 }, "\(server.stderr)")
        let logged = server.stderr.split(separator: "\n").filter { $0.contains("it did not answer in time") }
        #expect(logged.count >= 2 && logged.count <= (counted(failedFetches) ?? 0) + 1, "\(server.stderr)")
        #expect(try ServeCommandTests.get(port, "/healthz").status == 200)
        #expect(try Data(contentsOf: fixture.store) == before)
    }

    /// What is wrong with a feed is said as what it is: a `file://` feed's
    /// change file or state that is a FIFO or a device (74, as a FIFO change
    /// file is), a state past 64 KB (65), a feed behind the store (65), a bad
    /// change file by the address it came from.
    @Test func whatIsWrongWithAFeedIsSaidAsItIs() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        func update(_ feed: String, _ extra: [String] = []) throws -> NearbyBinary.Run {
            try NearbyBinary.run(["update", "--data", fixture.store.path, "--replication", feed] + extra, seconds: 60)
        }
        let local = "file://" + fixture.feed.path
        let change = fixture.sequence("948.osc.gz")
        let kept = fixture.folder.appendingPathComponent("948.osc.gz")
        try FileManager.default.moveItem(at: change, to: kept)
        try #require(mkfifo(change.path, 0o600) == 0)
        let fifo = try update(local)
        #expect(
            fifo.status == 74
                && fifo.stderr == "nearby: \(local)/000/002/948.osc.gz is not a regular file (a FIFO, a device or a directory), "
                    + "which a feed's file must be\n",
            "\(fifo.stderr)")
        try FileManager.default.removeItem(at: change)
        try FileManager.default.moveItem(at: kept, to: change)

        let state = fixture.feed.appendingPathComponent("state.txt")
        let stateText = try Data(contentsOf: state)
        for special in ["fifo", "/dev/zero"] {
            try FileManager.default.removeItem(at: state)
            if special == "fifo" {
                try #require(mkfifo(state.path, 0o600) == 0)
            } else {
                try FileManager.default.createSymbolicLink(atPath: state.path, withDestinationPath: special)
            }
            let run = try update(local)
            #expect(run.status == 74 && run.stderr.contains("\(local)/state.txt is not a regular file"), "\(special): \(run.stderr)")
        }
        try FileManager.default.removeItem(at: state)

        let server = try FolderServer(fixture.feed)
        try Data(repeating: 0x23, count: 70_000).write(to: state)
        let large = try update(server.url)
        #expect(
            large.status == 65 && large.stderr == "nearby: \(server.url)/state.txt is larger than 64 KB, more than a replication state\n",
            "\(large.stderr)")
        try "sequenceNumber=100\ntimestamp=2021-04-21T21\\:21\\:46Z\n".write(to: state, atomically: true, encoding: .utf8)
        let behind = try update(server.url)
        #expect(
            behind.status == 65 && behind.stderr.contains("stands at sequence 100, behind \(fixture.store.path)'s 2947")
                && behind.stderr.split(separator: "\n").count == 1, "\(behind.stderr)")
        #expect(try Data(contentsOf: fixture.store) == before)
        try stateText.write(to: state)

        let whole = try Data(contentsOf: fixture.sequence("949.osc.gz"))
        try whole.prefix(whole.count - 40).write(to: fixture.sequence("949.osc.gz"))
        let corrupt = try update(server.url, ["--batch", "1"])
        #expect(
            corrupt.status == 65 && corrupt.stderr.contains("nearby: osmium could not apply \(server.url)/000/002/949.osc.gz: "),
            "\(corrupt.stderr)")
        #expect(!corrupt.stderr.contains("nearby-update-"), "\(corrupt.stderr)")
    }
}
