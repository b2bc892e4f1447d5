import Foundation
import MapRender
import NearbyTestSupport
import Testing

/// The web pages in a real browser: Debian's headless Chromium loads them
/// from `nearby serve` (the built binary), and the tests read the DOM it
/// built and the screenshots it took. scripts/setup installs Chromium.
@Suite(.serialized)
struct BrowserTests {
    static let monaco = "lat=43.7384&lon=7.4246"

    @Test func pagesInTheBrowserShowTheOriginalsScreens() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(port)"

        let home = try Self.dom("\(base)/?\(Self.monaco)")
        #expect(home.contains("<h2 id=\"nearest\">Nearest of each kind</h2>"))
        // Where the person is, by the data's streets and districts.
        #expect(home.contains("Avenue de la Costa, Monte-Carlo (43.73840, 7.42460)"))
        #expect(home.contains("Want to be more specific?"))
        #expect(home.contains("<h2>Places to eat and drink</h2>"))
        #expect(home.contains("OpenStreetMap contributors"))

        let list = try Self.dom("\(base)/places?category=cafe&\(Self.monaco)")
        #expect(list.contains("<h1>Cafés</h1>"))
        #expect(
            list.range(
                of: #"Café de Paris</a><br>\s*<span class="meta">Café · Place du Casino, Monaco · 0\.18 mi"#, options: .regularExpression)
                != nil)

        let detail = try Self.dom("\(base)/place/n4316767531?\(Self.monaco)")
        #expect(detail.contains("<h1>Café de Paris</h1>"))
        #expect(detail.contains("Café · 0.18 mi away"))

        // Open now at a fixed instant: every row says open, and fewer rows than without the filter.
        let at = "2026-11-24T10:30"
        let open = try Self.dom("\(base)/places?category=food&open=1&at=\(at)&\(Self.monaco)")
        let all = try Self.dom("\(base)/places?category=food&at=\(at)&\(Self.monaco)")
        let openStatuses = Self.statuses(open), allStatuses = Self.statuses(all)
        #expect(!openStatuses.isEmpty)
        #expect(openStatuses.allSatisfy { $0 == "open" })
        #expect(allStatuses.count > openStatuses.count)
        #expect(allStatuses.filter { $0 == "open" }.count == openStatuses.count)

        let search = try Self.dom("\(base)/search?q=caf+de+pari&\(Self.monaco)")
        #expect(search.contains("<h1 id=\"search-page\">Search</h1>"))
        #expect(search.contains("Café de Paris</a>"))

        let bad = try Self.dom("\(base)/?lat=200&lon=0")
        #expect(bad.contains("That address asks for something nearby cannot show"))
    }

    /// Screenshots of every page at a desktop's and a phone's size: PNGs of
    /// the window's size, with the variety of a drawn page (not one colour).
    /// Kept under .build/browser-screenshots for a person to look at.
    @Test func screenshotsAtDesktopAndPhoneSizesAreDrawnPages() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(port)"
        let folder = NearbyBinary.repository.appendingPathComponent(".build/browser-screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pages = [
            "home": "/?\(Self.monaco)", "list": "/places?category=cafe&\(Self.monaco)",
            "detail": "/place/n4316767531?\(Self.monaco)", "search": "/search?q=bank&\(Self.monaco)",
        ]
        for (name, path) in pages.sorted(by: { $0.key < $1.key }) {
            for (width, height) in [(1280, 800), (360, 740)] {
                let file = folder.appendingPathComponent("\(name)-\(width)x\(height).png")
                try? FileManager.default.removeItem(at: file)
                try Self.chromium(["--window-size=\(width),\(height)", "--hide-scrollbars", "--screenshot=\(file.path)", base + path])
                let image = try PNGDecoder.decode(contentsOf: file)
                #expect(image.width == width && image.height == height, "\(name) at \(width)")
                var colours = Set<UInt32>()
                for y in stride(from: 0, to: image.height, by: 4) {
                    for x in stride(from: 0, to: image.width, by: 4) {
                        if let p = image.rgba(x: x, y: y) { colours.insert(UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)) }
                    }
                }
                #expect(colours.count > 200, "\(name) at \(width): \(colours.count) colours")
            }
        }
    }

    /// Typing in the search box a key at a time, in the browser: one search
    /// after the pause, its results under the box, nothing for the same text
    /// again or for one letter (Tests/Browser/search_as_you_type.py, through
    /// Chromium's DevTools protocol).
    @Test func searchAsYouTypeFollowsTheSearchViewModelsRules() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        let script = NearbyBinary.repository.appendingPathComponent("Tests/Browser/search_as_you_type.py")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, try Self.chromiumPath(), "http://127.0.0.1:\(port)"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// The pages' moving map, moved with the mouse in the browser: the
    /// static map alone with JavaScript off; with it on, pins
    /// numbered as the rows, opening at the zoom that fits them, a list's
    /// pins never clustered nor overlapping at any zoom, the home page's
    /// cluster round, "+33" and opened by a click; the + button, the wheel
    /// and a drag, every tile answered 200, "Search this area" swapping the
    /// rows in without a reload (back and a fresh load agreeing), and a
    /// pin's popup leading to its place (Tests/Browser/moving_map.py,
    /// through Chromium's DevTools protocol, on Leaflet from Debian's
    /// packages).
    @Test func theMovingMapMovesZoomsAndSearchesThisArea() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        let script = NearbyBinary.repository.appendingPathComponent("Tests/Browser/moving_map.py")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, try Self.chromiumPath(), "http://127.0.0.1:\(port)"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// The moving map on a server that draws one tile at a time and keeps
    /// none waiting, tiles drawn on demand (an empty tile folder): the tiles
    /// turned away with 503 are asked again until every one is drawn, none
    /// left blank (Tests/Browser/busy_tiles.py).
    @Test func tilesTurnedAwayByABusyServerAreAskedAgain() throws {
        let tiles = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-busy-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tiles, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tiles) }
        let (server, port) = try ServeCommandTests.serve(["--drawing-threads", "1", "--drawing-queue", "0", "--tiles", tiles.path])
        defer { server.stop() }
        let script = NearbyBinary.repository.appendingPathComponent("Tests/Browser/busy_tiles.py")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, try Self.chromiumPath(), "http://127.0.0.1:\(port)"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    // MARK: Chromium

    static func chromiumPath() throws -> String {
        guard
            let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            Issue.record("Chromium is missing: scripts/setup installs Debian's chromium package")
            throw CancellationError()
        }
        return executable
    }

    static func dom(_ url: String) throws -> String {
        try chromium(["--dump-dom", url])
    }

    /// `class="open|closed|unknown"` of each row's status.
    static func statuses(_ html: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: #"<span class="(open|closed|unknown)">"#)
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// Runs headless Chromium and returns its stdout. It runs as root in CI
    /// containers, hence no sandbox; a profile of its own keeps runs apart.
    @discardableResult
    static func chromium(_ arguments: [String]) throws -> String {
        let executable = try chromiumPath()
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let run = try ChildProcess.run(
            URL(fileURLWithPath: executable),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000",
            ] + arguments)
        #expect(run.status == 0, "chromium \(arguments.last ?? "")")
        return run.stdout
    }
}
