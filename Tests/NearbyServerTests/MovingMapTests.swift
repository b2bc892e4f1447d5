import Foundation
import Logging
import MapRender
import NearbyKit
import NearbyService
import NearbyViews
import Testing

@testable import NearbyServer

/// The pages' moving map as the server writes it: the tile layer kept to
/// what the tiles hold, the pins numbered as the rows, Leaflet from Debian's
/// files and nothing else, the rows alone for "search this area", and the
/// static map kept where Leaflet is missing. (Tests/Browser/moving_map.py
/// moves it in a browser: BrowserTests.)
struct MovingMapTests {
    static let monaco = "lat=43.7384&lon=7.4246"
    static let leaflet = URL(fileURLWithPath: "/usr/share/javascript/leaflet")

    @Test func theLayerKeepsToTheZoomsAndBoxTheTilesHold() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        let html = try await server.get("/places?category=cafe&\(Self.monaco)").text
        try await server.stop()
        // Tiles/metadata.json: zooms 10 to 17 over the extract's box; nothing draws what is missing.
        let layer = try Self.json(attribute: "data-layer", in: html)
        #expect(layer["minZoom"] as? Int == 10 && layer["maxZoom"] as? Int == 17)
        #expect(layer["bounds"] as? [Double] == [7.409205, 43.72335, 7.448037, 43.75169])
        #expect(layer["tiles"] as? String == "/tiles/{z}/{x}/{y}.png")
        #expect(layer["attribution"] as? String == "© OpenStreetMap contributors")
        for file in ["leaflet.css", "leaflet.min.js"] {
            #expect(html.contains("/leaflet/\(file)\""), "\(file)")
        }
        #expect(html.contains("<script src=\"/pages/moving-map.js\" defer></script>"))
        // The static map stays in the page, for a browser without scripts.
        #expect(html.contains("<input class=\"map\" type=\"image\" name=\"map\""))

        // Where missing tiles are drawn from the extract, every zoom down to the deepest.
        let drawn = try #require(MovingMapLayer.over(TileFolder(directory: Repository.tiles), drawsMissing: true))
        #expect(drawn.minZoom == 10 && drawn.maxZoom == MapViewport.maximumZoom)
        #expect(MovingMapLayer.over(nil, drawsMissing: false) == nil)
    }

    @Test func thePinsAreTheRowsNumberedAlike() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        let list = try await server.get("/places?category=cafe&\(Self.monaco)").text
        let home = try await server.get("/?\(Self.monaco)").text
        let detail = try await server.get("/place/n4316767531?\(Self.monaco)").text
        try await server.stop()

        let view = try Self.json(attribute: "data-view", in: list)
        let pins = try #require(view["pins"] as? [[String: Any]])
        let rows = Self.rows(in: list)
        #expect(!rows.isEmpty && pins.count == rows.count)
        for (pin, row) in zip(pins, rows) {
            #expect(pin["number"] as? Int == row.number && pin["name"] as? String == row.name && pin["link"] as? String == row.link)
        }
        #expect(view["lat"] as? Double == 43.7384 && view["lon"] as? Double == 7.4246 && view["radius"] as? Double == 1500)

        // The home's pins: each place once, numbered as its rows (a place in two sections has one number).
        let homePins = try #require(try Self.json(attribute: "data-view", in: home)["pins"] as? [[String: Any]])
        let homeRows = Dictionary(Self.rows(in: home).map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
        #expect(homePins.count == homeRows.count)
        for pin in homePins { #expect(homeRows[pin["number"] as? Int ?? 0] == pin["name"] as? String) }

        let detailPins = try #require(try Self.json(attribute: "data-view", in: detail)["pins"] as? [[String: Any]])
        #expect(detailPins.count == 1 && detailPins.first?["name"] as? String == "Café de Paris" && detailPins.first?["link"] == nil)
    }

    /// What "search this area" asks for: the rows and their pins alone, as the whole page has them.
    @Test func theRowsAloneForSearchThisArea() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        for path in ["/places?category=cafe&lat=43.7310&lon=7.4200", "/?lat=43.7310&lon=7.4200"] {
            let page = try await server.get(path).text
            let part = try await server.get(path + "&part=results")
            #expect(part.status == 200 && part.headers["content-type"] == "text/html; charset=utf-8")
            #expect(part.text.hasPrefix("<div id=\"listing\"") && !part.text.contains("<html"), "\(path)")
            let listing = try #require(page.range(of: "<div id=\"listing\"").map { String(page[$0.lowerBound...]) })
            #expect(listing.hasPrefix(part.text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(path)")
            #expect(try Self.json(attribute: "data-view", in: part.text)["lat"] as? Double == 43.731)
        }
        try await server.stop()
    }

    @Test func leafletIsServedFromDebiansFilesAndNoOthers() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        defer { Task { try await server.stop() } }
        // The client that follows no redirects also leaves the bodies as sent (HTTPClient.shared unzips them).
        let script = try await server.get("/leaflet/leaflet.min.js", followingRedirects: false)
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.body == [UInt8](try Data(contentsOf: Self.leaflet.appendingPathComponent("leaflet.min.js"))))
        let gzipped = try await server.get("/leaflet/leaflet.min.js", headers: [("Accept-Encoding", "br, gzip")], followingRedirects: false)
        #expect(gzipped.headers["content-encoding"] == "gzip" && gzipped.headers["vary"] == "Accept-Encoding")
        #expect(gzipped.body == [UInt8](try Data(contentsOf: Self.leaflet.appendingPathComponent("leaflet.min.js.gz"))))
        #expect(gzipped.headers["etag"] != script.headers["etag"])
        let refused = try await server.get(
            "/leaflet/leaflet.min.js", headers: [("Accept-Encoding", "gzip;q=0")], followingRedirects: false)
        #expect(refused.headers["content-encoding"] == nil)
        let etag = try #require(script.headers["etag"])
        #expect(
            try await server.get("/leaflet/leaflet.min.js", headers: [("If-None-Match", etag)], followingRedirects: false).status == 304)

        let icon = try await server.get("/leaflet/images/marker-icon.png")
        #expect(icon.status == 200 && icon.headers["content-type"] == "image/png")
        #expect(try await server.get("/pages/moving-map.js").text.contains("function spread()"))
        // Only the files the map loads: not the folder's others, nor anything beside it.
        for path in [
            "/leaflet/leaflet.esm.js", "/leaflet/leaflet.min.js.map", "/leaflet/..%2F..%2Fjquery%2Fjquery.js",
            "/leaflet/images/..%2Fleaflet.js",
        ] {
            let answer = try await server.get(path)
            #expect(answer.status == 404, "\(path)")
        }
    }

    @Test func withoutLeafletThePagesKeepTheStaticMapAndSaySo() async throws {
        let scratch = try ScratchFolder()
        // A folder with Leaflet's own stylesheet and nothing else: the first file it lacks is named.
        try FileManager.default.copyItem(
            at: Self.leaflet.appendingPathComponent("leaflet.css"), to: scratch.url.appendingPathComponent("leaflet.css"))
        let lines = LogLines()
        var configuration = NearbyServer.ServerConfiguration(
            service: LocalPlaceService(dataURL: Repository.places), tiles: TileFolder(directory: Repository.tiles))
        configuration.leaflet = scratch.url
        let server = try await RunningServer.start(configuration, logger: Logger(label: "nearby.serve.test") { _ in lines })
        let html = try await server.get("/places?category=cafe&\(Self.monaco)").text
        let css = try await server.get("/leaflet/leaflet.css")
        try await server.stop()

        let warnings = lines.messages.filter { $0.level == .warning }.map(\.text)
        #expect(
            warnings.contains {
                $0.hasPrefix("the pages' maps stay static (no moving map): ")
                    && $0.contains("images/layers-2x.png is not in \(scratch.url.path)")
            })
        #expect(!html.contains("data-layer") && !html.contains("data-view") && !html.contains("/leaflet/"))
        #expect(html.contains("<input class=\"map\" type=\"image\" name=\"map\""))
        #expect(css.status == 404)
    }

    /// Names go into the map as JSON in an attribute: escaped for HTML, still
    /// JSON once the browser has read the attribute, and what a page would
    /// obey (a right-to-left override, DEL) written out as the rows write it.
    @Test func textFromTheDataReachesTheMapAsText() async throws {
        let scratch = try ScratchFolder()
        let name = "</script><b x=\"1\">Bar</b> \u{202E}rab\u{7F}"
        let server = try await PagesTests.serving(
            in: scratch,
            Place(id: "n99", name: name, category: .bar, coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246)),
            tiles: Repository.tiles)
        let list = try await server.get("/places?category=bar&\(Self.monaco)").text
        let detail = try await server.get("/place/n99?\(Self.monaco)").text
        try await server.stop()
        for html in [list, detail] {
            #expect(!html.contains("</script><b"))
            let pins = try #require(try Self.json(attribute: "data-view", in: html)["pins"] as? [[String: Any]])
            #expect(pins.contains { $0["name"] as? String == "</script><b x=\"1\">Bar</b> \\u{202e}rab\\u{7f}" })
        }
    }

    // MARK: Reading the pages

    /// The JSON in the first `attribute="…"`, as a browser reads it (entities decoded).
    static func json(attribute: String, in html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: attribute + "=\""))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        let text = unescaped(String(html[start.upperBound..<end]))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Each row's pin number, name and link, in page order.
    static func rows(in html: String) -> [(number: Int, name: String, link: String)] {
        let expression = try! NSRegularExpression(
            pattern: #"<li><a href="([^"]*)"><span class="pin" aria-label="pin (\d+)">\d+</span>([^<]*)</a>"#)
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            guard let link = Range(match.range(at: 1), in: html), let number = Range(match.range(at: 2), in: html),
                let name = Range(match.range(at: 3), in: html), let value = Int(html[number])
            else { return nil }
            return (value, Self.unescaped(String(html[name])), Self.unescaped(String(html[link])))
        }
    }

    /// HTML's five entities decoded, as the templates write them.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
