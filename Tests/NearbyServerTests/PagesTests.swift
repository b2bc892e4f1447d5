import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Synchronization
import Testing

/// The web pages, asked of a real server on the Monaco data: what a person
/// sees, that every link and map answers, that bad addresses get a
/// readable 400, and that text from the data stays text.
@Suite struct PagesTests {
    static let monaco = "lat=43.7384&lon=7.4246"

    @Test func homeShowsThePagerTheGroupsAndEachGroupsNearest() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let page = try await server.get("/?\(Self.monaco)")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        let html = page.text
        for landmark in ["<header>", "<main id=\"main\">", "<footer>", "role=\"search\""] { #expect(html.contains(landmark)) }
        #expect(html.contains("Nearest of each kind"))
        #expect(html.contains("Want to be more specific?"))
        #expect(html.contains("<h2>Places to eat and drink</h2>"))
        #expect(html.contains("href=\"/places?lat=43.7384000&amp;lon=7.4246000&amp;category=food\">Food &amp; drink</a>"))
        #expect(html.contains("© <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap contributors</a>"))
        #expect(html.contains("778 places within 1500 m"))
    }

    @Test func detailIsTheOriginalsScreen() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let html = try await server.get("/place/n4316767531?\(Self.monaco)").text
        #expect(html.contains("<h1>Café de Paris</h1>"))
        #expect(html.contains("Café · 0.18 mi away"))
        #expect(html.contains("href=\"https://www.openstreetmap.org/node/4316767531\""))
        #expect(html.contains("src=\"/place/n4316767531/map.png?lat=43.7384000&amp;lon=7.4246000\""))
        #expect(html.contains("alt=\"Map of Café de Paris"))
    }

    @Test func detailShowsTheWeeksHours() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        // A pharmacy whose opening_hours is a plain week (see Data/places.geojson).
        let api = try await server.get("/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=1500&type=pharmacy")
        let results = try #require(try api.json()["results"] as? [[String: Any]])
        var checked = 0
        for result in results {
            let id = try #require(result["place_id"] as? String)
            let details = try await server.get("/maps/api/place/details/json?place_id=\(id)").json()
            guard let hours = (details["result"] as? [String: Any])?["opening_hours"] as? [String: Any],
                let week = hours["weekday_text"] as? [String]
            else { continue }
            let html = try await server.get("/place/\(id)").text
            #expect(html.contains("<h2>This week</h2>"))
            for day in week { #expect(html.contains("<td>\(day)</td>"), "\(id): \(day)") }
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func openNowAtAFixedInstantListsOnlyWhatTheAPISaysIsOpen() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let at = "2026-11-24T10:30"
        let html = try await server.get("/places?category=food&open=1&at=\(at)&\(Self.monaco)").text
        let statuses = Self.matches(#"<span class="(open|closed|unknown)">"#, in: html)
        let names = Self.matches(#"</span>([^<]+)</a><br>"#, in: html)
        #expect(!statuses.isEmpty)
        #expect(statuses.allSatisfy { $0 == "open" })
        #expect(html.contains("checked> Open now"))
        // The same question through the API, page by page.
        var ids: [String] = []
        var next: String? = "location=43.7384,7.4246&radius=1500&type=food&opennow=true&at=\(at)"
        while let query = next {
            let answer = try await server.get("/maps/api/place/nearbysearch/json?\(query)").json()
            ids += (answer["results"] as? [[String: Any]] ?? []).compactMap { $0["place_id"] as? String }
            next = (answer["next_page_token"] as? String).map { "pagetoken=\($0)" }
        }
        #expect(names.count == ids.count)
        let all = try await server.get("/places?category=food&at=\(at)&\(Self.monaco)").text
        #expect(Self.matches(#"<span class="(open|closed|unknown)">"#, in: all).count > names.count)
    }

    @Test func searchFindsNamesAsTypedAndAnswersItsScriptWithResultsAlone() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let html = try await server.get("/search?q=cafe+de+paris&\(Self.monaco)").text
        let first = try #require(Self.matches(#"</span>([^<]+)</a><br>"#, in: html).first)
        #expect(first == "Café de Paris")
        #expect(html.contains("value=\"cafe de paris\""))
        let part = try await server.get("/search?q=restaurnt&part=results&\(Self.monaco)").text
        #expect(!part.contains("<html"))
        #expect(part.contains("places within 1500 m"))
        let short = try await server.get("/search?q=c&\(Self.monaco)").text
        #expect(short.contains("Type at least 2 letters"))
    }

    /// Search as you type suggests the streets and towns that answer every
    /// word typed beside the places (issue 55); each links to the home page
    /// around it, the person's options kept.
    @Test func searchSuggestsStreetsAndTownsThatLeadToWhatIsAroundThem() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        let part = try await server.get("/search?q=rue+grim&part=results&units=km&\(Self.monaco)").text
        let names = Self.matches(#"<li><a href="/\?lat=[^"]+">([^<]+)</a><br>\n<span class="meta">Street · "#, in: part)
        #expect(names.first == "Rue Grimaldi")
        let link = try #require(Self.matches(#"<li><a href="(/\?lat=[^"]+)">Rue Grimaldi</a>"#, in: part).first)
        #expect(link.contains("&amp;units=km"))
        let around = try await server.get(link.replacingOccurrences(of: "&amp;", with: "&"))
        #expect(around.status == 200)
        #expect(around.text.contains("Nearest of each kind"))
        let district = try await server.get("/search?q=monte-carl&part=results&\(Self.monaco)").text
        #expect(district.contains(">Monte-Carlo</a><br>\n<span class=\"meta\">District · "))
        let none = try await server.get("/search?q=restaurnt&part=results&\(Self.monaco)").text
        #expect(!none.contains("class=\"places addresses\""))
    }

    @Test func badAddressesGetAReadablePageWithStatus400() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let cases: [(String, Int, String)] = [
            ("/?lat=95&lon=1", 400, "that position is not on Earth"),
            ("/?lat=43.7", 400, "lat needs lon"),
            ("/?lat=x&lon=y", 400, "decimal degrees"),
            ("/?at=yesterday", 400, "at:"),
            ("/?radius=-5", 400, "radius must be"),
            ("/?units=furlongs", 400, "units must be mi or km"),
            ("/?lang=%3Cscript%3E", 400, "language must be"),
            ("/places", 400, "name a kind of place"),
            ("/places?category=unicorns", 400, "unknown category unicorns"),
            ("/search?q=%C3%28", 400, "malformed percent-encoding or UTF-8"),
            ("/?map.x=10&map.y=10", 400, "needs the view"),
            // The image is 640×360: a pixel beyond it (which used to land at latitude −90) is no click on the map.
            ("/?map.x=4096&map.y=4096&view=0,0,0", 400, "that click is off the map"),
            ("/?map.x=641&map.y=10&view=43.7,7.4,15", 400, "that click is off the map"),
            ("/place/n0", 404, "No such place"),
        ]
        for (path, status, text) in cases {
            let page = try await server.get(path)
            #expect(page.status == status, "\(path)")
            #expect(page.headers["content-type"] == "text/html; charset=utf-8", "\(path)")
            #expect(page.text.contains(text), "\(path)")
            #expect(page.text.contains("OpenStreetMap contributors"), "\(path)")
        }
    }

    @Test func aBrowserAtAnUnknownAddressGetsAPageTheAPIKeepsJSON() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let html = [("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")]
        let page = try await server.get("/plaes?category=cafe", headers: html)
        #expect(page.status == 404)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("No such page"))
        for path in ["/plaes", "/maps/api/place/nearby/json"] {
            let answer = try await server.get(path, headers: path == "/plaes" ? [] : html)
            #expect(answer.status == 404)
            #expect(try answer.json()["status"] as? String == "NOT_FOUND")
        }
    }

    @Test func everyLinkAndMapOnThePagesAnswers() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        defer { Task { try await server.stop() } }
        let pages = [
            "/?\(Self.monaco)", "/places?category=cafe&\(Self.monaco)", "/place/n4316767531?\(Self.monaco)",
            "/search?q=bank&\(Self.monaco)", "/",
        ]
        var seen = Set<String>()
        for page in pages {
            let html = try await server.get(page).text
            for link in Self.matches(#"(?:href|src)="(/[^"]*)""#, in: html) {
                let path = link.replacingOccurrences(of: "&amp;", with: "&")
                guard seen.insert(path).inserted else { continue }
                let answer = try await server.get(path)
                #expect(answer.status == 200, "\(page) links to \(path): \(answer.status)")
                if path.contains("map.png") {
                    #expect(answer.headers["content-type"] == "image/png")
                    #expect(answer.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                }
            }
        }
        #expect(seen.count > 40)
    }

    /// A click on the map moves the position to the pixel clicked, by the
    /// spherical Web Mercator formulas (an independent reading of the view).
    /// A position typed as words (`near=`, the home page's "Or a place"):
    /// the page moves to where the geocoder finds them, as `--near` does.
    @Test func aPlaceTypedInWordsIsThePosition() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        defer { Task { try await server.stop() } }
        let moved = try await server.get("/places?category=cafe&near=26%20Avenue%20de%20la%20Costa", followingRedirects: false)
        #expect(moved.status == 303)
        #expect(moved.headers["location"] == "/places?lat=43.739492&lon=7.425159&category=cafe")
        let home = try await server.get("/")
        #expect(home.text.contains(#"<input name="near" type="search""#))
        for (query, said) in [
            ("near=Rue%20Imaginaire%205", "nothing in the data answers"), ("near=the", "no word to look for"),
            ("near=Monaco&\(Self.monaco)", "not both"),
        ] {
            let refused = try await server.get("/?\(query)")
            #expect(refused.status == 400 && refused.text.contains(said), "\(query)")
        }
    }

    @Test func clickingTheMapMovesThePositionThere() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let html = try await server.get("/places?category=cafe&\(Self.monaco)").text
        let view = try #require(Self.matches(#"name="view" value="([^"]+)""#, in: html).first)
        let parts = view.split(separator: ",").compactMap { Double($0) }
        let (lat, lon, zoom) = (parts[0], parts[1], parts[2])
        let (x, y) = (100.0, 260.0)
        let answer = try await server.get(
            "/places?category=cafe&\(Self.monaco)&view=\(view)&map.x=\(Int(x))&map.y=\(Int(y))",
            followingRedirects: false)
        #expect(answer.status == 303)
        let location = try #require(answer.headers["location"])
        #expect(location.hasPrefix("/places?lat="))
        #expect(location.contains("category=cafe"))
        #expect(!location.contains("map.x"))
        let query = try #require(URLComponents(string: location)?.queryItems)
        let movedLat = try #require(query.first { $0.name == "lat" }?.value.flatMap(Double.init))
        let movedLon = try #require(query.first { $0.name == "lon" }?.value.flatMap(Double.init))
        // Image points (640 × 360) from the centre, in world pixels of 256 · 2^zoom points.
        let world = 256 * pow(2, zoom)
        let centreY = (1 - log(tan(.pi / 4 + lat * .pi / 360)) / .pi) / 2 * world
        let expectedLon = lon + (x - 320) / world * 360
        let expectedLat = atan(sinh(.pi * (1 - 2 * (centreY + y - 180) / world))) * 180 / .pi
        #expect(abs(movedLon - expectedLon) < 2e-5)
        #expect(abs(movedLat - expectedLat) < 2e-5)
    }

    /// A server on the Monaco data and one more place, written in `scratch`.
    static func serving(in scratch: borrowing ScratchFolder, _ extra: Place, tiles: URL? = nil) async throws -> RunningServer {
        let file = scratch.url.appendingPathComponent("places.geojson")
        var dataset = try PlacesDataset.load(from: Repository.places)
        dataset.places.append(extra)
        try dataset.encoded().write(to: file, options: .atomic)
        return try await RunningServer.start(data: file, tiles: tiles)
    }

    @Test func textFromTheDataStaysText() async throws {
        let scratch = try ScratchFolder()
        let server = try await Self.serving(
            in: scratch,
            Place(
                id: "n99", name: "<script>alert(1)</script> & \"Bar\"", category: .bar,
                coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246),
                phone: "javascript:alert(2)", website: "javascript:alert(3)"))
        defer { Task { try await server.stop() } }
        for path in [
            "/place/n99?\(Self.monaco)", "/places?category=bar&\(Self.monaco)", "/search?q=alert&\(Self.monaco)", "/?\(Self.monaco)",
        ] {
            let html = try await server.get(path).text
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bar&quot;"), "\(path)")
            #expect(!html.contains("href=\"javascript:"), "\(path)")
        }
    }

    /// ESC, BEL, CR and a right-to-left override in a name are written out, as
    /// the terminal views write them: a page fetched to a terminal would obey
    /// them, and an override would spoof the name. Nothing else changes.
    @Test func controlCharactersFromTheDataAreShownNotObeyed() async throws {
        let scratch = try ScratchFolder()
        let server = try await Self.serving(
            in: scratch,
            Place(
                id: "n98", name: "Bar\u{1b}[2J\u{7}\r\u{202E}lanigiro · Café‍ 𝄞", category: .bar,
                coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246)))
        defer { Task { try await server.stop() } }
        let shown = #"Bar\u{1b}[2J\u{7}\u{d}\u{202e}lanigiro · Café‍ 𝄞"#
        for path in ["/place/n98?\(Self.monaco)", "/places?category=bar&\(Self.monaco)", "/search?q=lanigiro&\(Self.monaco)"] {
            let html = try await server.get(path).text
            #expect(!html.unicodeScalars.contains { [0x1b, 0x07, 0x0d, 0x202e].contains($0.value) }, "\(path)")
            #expect(html.contains(shown), "\(path)")
        }
        let detail = try await server.get("/place/n98?\(Self.monaco)").text
        #expect(detail.contains("<title>\(shown)"), "\(detail.prefix(600))")
        #expect(detail.contains("<h1>\(shown)</h1>"), "\(detail)")
        #expect(detail.contains("alt=\"") && detail.components(separatedBy: shown).count >= 4, "title, heading and the map's alt text")
    }

    /// Pages are kept, but a page read at the present moment only until a
    /// place on it opens or closes: moved on by the server's clock, the page
    /// is the one drawn for the new moment, not the kept one.
    @Test func keptPagesFollowTheClock() async throws {
        let clock = Mutex(try InstantParser.parse("2026-11-24T10:30", localZone: TimeZone(identifier: "Europe/Monaco")!))
        let server = try await RunningServer.start(now: { clock.withLock { $0 } })
        defer { Task { try await server.stop() } }
        let path = "/places?category=food&open=1&\(Self.monaco)"
        let morning = try await server.get(path).text
        #expect(try await server.get(path).text == morning)
        let drawnInTheMorning = try await server.get(path + "&at=2026-11-24T10:30").text
        #expect(Self.matches(#"</span>([^<]+)</a><br>"#, in: morning) == Self.matches(#"</span>([^<]+)</a><br>"#, in: drawnInTheMorning))
        clock.withLock { $0 = try! InstantParser.parse("2026-11-24T23:50", localZone: TimeZone(identifier: "Europe/Monaco")!) }
        let night = try await server.get(path).text
        #expect(Self.matches(#"</span>([^<]+)</a><br>"#, in: night) != Self.matches(#"</span>([^<]+)</a><br>"#, in: morning))
        let drawnAtNight = try await server.get(path + "&at=2026-11-24T23:50").text
        #expect(Self.matches(#"</span>([^<]+)</a><br>"#, in: night) == Self.matches(#"</span>([^<]+)</a><br>"#, in: drawnAtNight))
    }

    /// The first group of each match of `pattern`.
    static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
