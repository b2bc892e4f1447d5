import Foundation
import NearbyTestSupport
import Synchronization
import Testing

/// `serve --tiles` and `--png --tiles` over MBTiles files made to hurt: a
/// `metadata` or `tiles` that is an endless recursive view, a `tiles` view
/// that computes for days. Each is refused in one line or given up on at
/// the read's bound; the server goes on answering, stops on SIGTERM, and no
/// refusal leaves its scratch folder behind.
extension ServeCommandTests {
    /// A scratch folder, with a TMPDIR of its own for the child.
    final class Scratch {
        let url: URL
        let temporary: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-hostile-\(UUID().uuidString)")
            temporary = url.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// An SQLite file made by the sqlite3 command from `sql`.
        func database(_ name: String, _ sql: String) throws -> URL {
            let file = url.appendingPathComponent(name)
            let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", file.path, sql])
            #expect(run.status == 0, "sqlite3: \(run.stderr)")
            return file
        }

        /// What the child left in its TMPDIR.
        var leftBehind: [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"] }
    }

    static let pngMetadata = "CREATE TABLE metadata (name TEXT, value TEXT); INSERT INTO metadata VALUES ('format', 'png');"
    static let endless = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"

    /// Before: `serve` read the endless metadata for ever, growing past 3 GB,
    /// and `show --png` the same. Now both exit 65 in one line, and a refused
    /// `--tiles` (this one, or a text file) leaves nothing in TMPDIR.
    @Test func anEndlessMetadataViewIsRefusedInOneLineLeavingNothing() throws {
        let scratch = try Scratch()
        let endless = try scratch.database(
            "endless.mbtiles", "CREATE VIEW metadata AS \(Self.endless) SELECT 'k' || n AS name, 'v' AS value FROM r")
        let text = scratch.url.appendingPathComponent("text.mbtiles")
        try Data("not tiles\n".utf8).write(to: text)
        let environment = ["TMPDIR": scratch.temporary.path]
        let png = scratch.url.appendingPathComponent("map.png")
        for (file, reason) in [
            (endless, "its metadata is a recursive query (WITH RECURSIVE), which can run without end"),
            (text, "it is not an SQLite database"),
        ] {
            let line = "nearby: cannot read the MBTiles file \(file.path): \(reason) (--tiles)\n"
            let serve = try NearbyBinary.run(["serve", "--port", "0", "--tiles", file.path], environment: environment, seconds: 60)
            #expect(serve.status == 65)
            #expect(serve.stderr == line)
            #expect(scratch.leftBehind == [], "serve --tiles \(file.lastPathComponent)")
            let show = try NearbyBinary.run(
                ["show", "n4316767531", "--tiles", file.path, "--png", png.path], environment: environment, seconds: 60)
            #expect(show.status == 65)
            #expect(show.stderr == line)
            #expect(scratch.leftBehind == [], "show --png --tiles \(file.lastPathComponent)")
            #expect(!FileManager.default.fileExists(atPath: png.path))
        }
    }

    /// Before: a tile request on this file pinned a core for good, and SIGTERM
    /// was ignored. Now the request is answered 500 once the read's bound
    /// (5 s) has passed, the server answers meanwhile and after, and stops.
    @Test func aTileThatComputesForDaysIsGivenUpOnAndTheServerGoesOn() throws {
        let scratch = try Scratch()
        let file = try scratch.database(
            "slow.mbtiles",
            Self.pngMetadata
                + """
                CREATE TABLE t (x INTEGER);
                \(Self.endless) INSERT INTO t SELECT n FROM r LIMIT 1000;
                CREATE VIEW tiles AS SELECT a.x + b.x + c.x + d.x AS zoom_level, (a.x + b.x + c.x + d.x) * 0 AS tile_column,
                  (a.x + b.x + c.x + d.x) * 0 AS tile_row, x'00' AS tile_data FROM t a, t b, t c, t d;
                """)
        let (server, port) = try Self.serve(["--tiles", file.path])
        defer { server.stop() }

        let answered = DispatchSemaphore(value: 0)
        final class Answer: Sendable { let value = Mutex<(status: Int, body: String)?>(nil) }
        let tile = Answer()
        DispatchQueue.global().async {
            // Row 0 at zoom 1: 10^12 rows match it in all but the zoom, found only in the innermost loop.
            let answer = try? Self.get(port, "/tiles/1/0/1.png")
            tile.value.withLock { $0 = answer }
            answered.signal()
        }
        #expect(try Self.get(port, "/healthz").status == 200)
        #expect(answered.wait(timeout: .now() + 120) == .success, "the tile request got no answer in 120 s")
        let first = tile.value.withLock { $0 }
        #expect(first?.status == 500, "\(String(describing: first))")
        #expect(first?.body.contains(#""status":"UNKNOWN_ERROR""#) == true)
        #expect(server.stderr.contains("reading a tile took more than 5 s"), "\(server.stderr)")
        // The file is not read again for a while: the next request is refused without a read.
        #expect(try Self.get(port, "/tiles/1/1/1.png").status == 500)
        #expect(try Self.get(port, "/api/dataset").status == 200)

        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 60) == 0)
    }
}
