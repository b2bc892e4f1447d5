import Foundation
import Testing

/// `--service URL` and `--data FILE` must be indistinguishable, whichever
/// store is behind them: the built `nearby serve` on the Monaco GeoPackage,
/// and every screen printed through it and from the GeoPackage byte for byte
/// as the same command prints it from the GeoJSON.
struct ServiceEquivalenceTests {
    static let data = NearbyBinary.repository.appendingPathComponent("Data/places.geojson").path
    static let store = NearbyBinary.repository.appendingPathComponent("Data/places.gpkg").path
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]
    /// What the store's address tables call that position.
    static let positionName = "Avenue de la Costa, Monte-Carlo"
    /// Opening hours are evaluated at one instant on both sides, so that a
    /// minute turning between two runs cannot tell them apart.
    static let instant = ["--at", "2021-04-19T20:00:00+02:00"]
    static let categories = [
        "restaurant", "cafe", "nightclub", "atm", "bar", "bank", "pharmacy", "hospital", "hotel", "supermarket",
        "bakery", "fuel", "museum", "attraction", "theatre", "post_office",
    ]

    /// A `nearby serve` on a free loopback port, its own pidfile in a temporary folder.
    final class Server {
        let directory: URL
        let process: RunningNearby
        let url: String

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let server = try RunningNearby([
                "serve", "--host", "127.0.0.1", "--port", "0", "--data", ServiceEquivalenceTests.store,
                "--pidfile", directory.appendingPathComponent("serve.pid").path,
            ])
            var found: String?
            server.waitUntil(seconds: 30) {
                found = Self.address(in: server.stdout + server.stderr)
                return found != nil || !server.isRunning
            }
            guard let found else {
                server.stop()
                throw ServerDidNotStart(stdout: server.stdout, stderr: server.stderr)
            }
            process = server
            url = found
        }

        deinit {
            process.send(SIGTERM)
            if process.waitForExit(seconds: 10) == nil { process.stop() }
            try? FileManager.default.removeItem(at: directory)
        }

        /// `http://127.0.0.1:PORT` as the server announces it, wherever in its output.
        static func address(in output: String) -> String? {
            guard let range = output.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
            let text = String(output[range])
            return text.hasSuffix(":0") ? nil : text
        }
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var description: String { "nearby serve announced no port; stdout: \(stdout) stderr: \(stderr)" }
    }

    /// Runs `arguments` against the GeoPackage, the server (which serves
    /// it) and the GeoJSON; the three runs must print the same bytes and end
    /// the same way, but that a GeoJSON keeps no address tables, so a screen
    /// from it names its position by coordinates alone.
    static func expectSame(
        _ arguments: [String], server: Server, normalise: (String) -> String = { $0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let local = try NearbyBinary.run(arguments + ["--data", store])
        let command = arguments.joined(separator: " ")
        #expect(local.status == 0, "\(command) --data: \(local.stderr)", sourceLocation: sourceLocation)
        #expect(!local.stdout.isEmpty, sourceLocation: sourceLocation)
        let named = "of \(positionName) (43.7384000, 7.4246000)"
        if arguments[0] != "show" {
            #expect(
                local.stdout.contains(named) || local.stdout.contains("\"position_name\""), "\(command)", sourceLocation: sourceLocation)
        }
        for source in [["--service", server.url], ["--data", data]] {
            let other = try NearbyBinary.run(arguments + source)
            var expected = normalise(local.stdout)
            if source[1] == data {
                expected = expected.replacingOccurrences(of: named, with: "of 43.7384000, 7.4246000")
                    .replacingOccurrences(of: "\"position_name\":\"\(positionName)\",", with: "")
                    .replacingOccurrences(of: "  \"position_name\" : \"\(positionName)\",\n", with: "")
            }
            #expect(other.status == local.status, "\(command) \(source[0]): \(other.stderr)", sourceLocation: sourceLocation)
            #expect(normalise(other.stdout) == expected, "\(command) \(source[0])", sourceLocation: sourceLocation)
            #expect(other.stderr == local.stderr, "\(command) \(source[0])", sourceLocation: sourceLocation)
        }
    }

    /// Each category as JSON, which carries every field the text shows; as
    /// text, the first few (the text is one rendering of the same rows).
    @Test func everyCategoryListsTheSame() throws {
        let server = try Server()
        for (index, category) in Self.categories.enumerated() {
            let arguments = ["list"] + Self.position + Self.instant + ["--category", category, "--radius", "5000"]
            try Self.expectSame(arguments + ["--json"], server: server)
            if index < 3 { try Self.expectSame(arguments, server: server) }
        }
    }

    @Test func theHomeFeedListsTheSame() throws {
        let server = try Server()
        try Self.expectSame(["list"] + Self.position + Self.instant, server: server)
        try Self.expectSame(["list"] + Self.position + Self.instant + ["--json"], server: server)
        try Self.expectSame(["list"] + Self.position + Self.instant + ["--open-now", "--limit", "5", "--units", "km"], server: server)
    }

    /// Restaurants within 1500 m are more than a page of twenty: the client pages.
    @Test func aPagedListIsTheSame() throws {
        let server = try Server()
        let arguments = ["list"] + Self.position + Self.instant + ["--category", "restaurant"]
        let local = try NearbyBinary.run(arguments + ["--json", "--data", Self.data])
        let places = try #require(NearbyBinary.json(local.stdout)["places"] as? [Any])
        #expect(places.count > 20)
        try Self.expectSame(arguments, server: server)
        try Self.expectSame(arguments + ["--json"], server: server)
        try Self.expectSame(
            ["list"] + Self.position + Self.instant + ["--category", "restaurant", "--category", "cafe", "--limit", "27"], server: server)
    }

    @Test func showIsTheSame() throws {
        let server = try Server()
        for id in ["n4316767531", "n3087468543", "n7857077111"] {
            try Self.expectSame(["show", id] + Self.position + Self.instant, server: server)
            try Self.expectSame(["show", id] + Self.position + Self.instant + ["--json"], server: server)
        }
    }

    /// Searches in words (issue 56): kind words in other languages, a kind
    /// labelled in the language asked, a place found by its old name and the
    /// line that says so, a town beside a kind (issue 55), the same through
    /// the server as from the files.
    @Test func aSearchIsTheSame() throws {
        let server = try Server()
        for words in [["Apotheke"], ["pavillons", "boulingrins"], ["centre", "hospitalier"], ["Pizzeria"], ["caf", "par"]] {
            let arguments = ["search"] + words + Self.position + Self.instant + ["--lang", "de", "--radius", "5000"]
            try Self.expectSame(arguments, server: server)
            try Self.expectSame(arguments + ["--json"], server: server)
        }
        // A town beside a kind, no position given: the store knows the town (a GeoJSON does not), so the store and the server.
        for extra in [[], ["--json"]] {
            let arguments = ["search", "Monte-Carlo", "restaurants", "--limit", "5"] + Self.instant + extra
            let local = try NearbyBinary.run(arguments + ["--data", Self.store])
            let remote = try NearbyBinary.run(arguments + ["--service", server.url])
            #expect(local.status == 0 && (!extra.isEmpty || local.stdout.contains(" between ")), "\(local.stdout)\(local.stderr)")
            #expect(remote.status == local.status && remote.stdout == local.stdout && remote.stderr == local.stderr, "\(remote.stderr)")
        }
    }

    /// An unknown place fails the same way, status and message.
    @Test func anUnknownPlaceFailsTheSame() throws {
        let server = try Server()
        let local = try NearbyBinary.run(["show", "n42"] + Self.position + ["--data", Self.data])
        let remote = try NearbyBinary.run(["show", "n42"] + Self.position + ["--service", server.url])
        #expect(local.status != 0)
        #expect(remote.status == local.status)
        #expect(remote.stderr == local.stderr)
    }

    /// One feed (standard input at its end): the same screen under a header
    /// whose clock is the moment it was printed.
    @Test func theFeedIsTheSame() throws {
        let server = try Server()
        let pidfile = server.directory.appendingPathComponent("feed.pid").path
        // `— 14:02:11 · 778 places —`: only the header's clock may differ.
        let clock = { (text: String) in
            text.replacingOccurrences(of: #"(?m)^— [0-9]{2}:[0-9]{2}:[0-9]{2} ·"#, with: "— hh:mm:ss ·", options: .regularExpression)
        }
        try Self.expectSame(["feed"] + Self.position + Self.instant + ["--pidfile", pidfile], server: server, normalise: clock)
        try Self.expectSame(
            ["feed"] + Self.position + Self.instant + ["--category", "cafe", "--pidfile", pidfile], server: server, normalise: clock)
        try Self.expectSame(["feed", "--json"] + Self.position + Self.instant + ["--pidfile", pidfile], server: server)
    }

    /// A server that is not there: one line, status 69, the address named.
    @Test func aServerThatIsNotThere() throws {
        let address: String
        do {
            let server = try Server()
            address = server.url
        }
        // The server has exited: its port refuses connections.
        let run = try NearbyBinary.run(["list"] + Self.position + ["--service", address])
        #expect(run.status == 69)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "nearby: the place service at \(address) refused the connection\n")
    }

    @Test func aMalformedServiceURLIsAUsageError() throws {
        let run = try NearbyBinary.run(["list"] + Self.position + ["--service", "127.0.0.1:8080"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("it must start with http:// or https://"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
