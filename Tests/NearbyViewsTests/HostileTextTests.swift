import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews
import Testing

/// Text from the data is whatever someone typed into OpenStreetMap: markup,
/// quotes, ampersands and terminal escapes must reach a reader as text. A
/// page escapes HTML's special characters and writes control characters out;
/// the terminal views write control characters out; JSON keeps the text as
/// it is, escaped for JSON.
struct HostileTextTests {
    /// The escape first, so that a list row, which cuts a long name short, still shows it.
    static let name = "Bar \"\u{1b}[2J\" & <script>alert(1)</script>"
    /// The name as a page shows it.
    static let nameInHTML = "Bar &quot;\\u{1b}[2J&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt;"
    /// The name as a terminal view shows it, whole on the detail screen and cut short in a row.
    static let nameInText = "Bar \"\\u{1b}[2J\" & <script>alert(1)</script>"
    static let nameInRow = "Bar \"\\u{1b}[2J\" & <script>alert…"
    static let id: PlaceID = "n99"

    /// One hostile bar in the Casino gardens, and a café beside it so that the lists are not of one place only.
    static let dataset: PlacesDataset = {
        let place = Place(
            id: id, name: name, category: .bar, coordinate: Fixture.casinoGardens,
            address: PostalAddress(components: [], written: "1 rue <b>\u{1b}[31mrouge</b> & \"co\""),
            openingHours: "Mo-Su 10:00-22:00 \"<i>ask</i> & \u{1b}[5m\"",
            phone: "javascript:alert(2)", website: "javascript:alert(3)", timeZone: "Europe/Monaco",
            tags: ["note": "</script><script>alert(4)</script>\u{1b}[2J"])
        let neighbour = Place(
            id: "n100", name: "Café", category: .cafe, coordinate: try! Coordinate(latitude: 43.7385, longitude: 7.4247),
            timeZone: "Europe/Monaco")
        return PlacesDataset(places: [place, neighbour], timeZone: "Europe/Monaco")
    }()

    let screens = Screens(Self.dataset)

    static func expectNoEscapeCharacter(_ output: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!output.unicodeScalars.contains { $0.value == 0x1b }, "\(what) holds an ESC character", sourceLocation: sourceLocation)
    }

    @Test func theTerminalViewsWriteTheEscapeOut() throws {
        let search = screens.search("alert")
        try #require(search.rows.map(\.id) == [Self.id])
        let outputs = [
            ("home", HomeView(viewModel: screens.home(), units: .miles).text()),
            ("list", PlaceListView(viewModel: screens.list([.bar, .cafe])).text()),
            ("detail", PlaceDetailView(viewModel: screens.detail(Self.id)).text()),
            ("search", SearchResultsView(viewModel: search).text()),
        ]
        for (what, text) in outputs {
            Self.expectNoEscapeCharacter(text, what)
            #expect(text.contains(what == "detail" ? Self.nameInText + "\n" : Self.nameInRow), "\(what): \(text)")
        }
        let detail = try #require(outputs.first { $0.0 == "detail" }?.1)
        #expect(detail.contains("Address    1 rue <b>\\u{1b}[31mrouge</b> & \"co\""), "\(detail)")
        #expect(detail.contains("Hours      Mo-Su 10:00-22:00 \"<i>ask</i> & \\u{1b}[5m\""), "\(detail)")
    }

    /// A query is text from a person, shown back: the terminal view writes its escape out too.
    @Test func theSearchTextIsWrittenOutToo() {
        let text = SearchResultsView(viewModel: screens.search("bar\u{1b}[2J")).text()
        Self.expectNoEscapeCharacter(text, "the search results")
        #expect(text.hasPrefix("“bar\\u{1b}[2J”"), "\(text)")
    }

    @Test func pagesEscapeMarkupAndWriteTheEscapeOut() throws {
        let state = Fixture.pageState
        let search = screens.search("alert")
        try #require(search.rows.map(\.id) == [Self.id])
        let detail = screens.detail(Self.id)
        let pages = [
            ("home", HomePage(screens.home(), state: state, map: nil).html()),
            ("list", PlaceListPage(screens.list([.bar, .cafe]), kinds: ["bar", "cafe"], openNow: false, state: state, map: nil).html()),
            (
                "detail",
                PlaceDetailPage(detail, state: state, map: Maps.picture("/place/n99/map.png", alt: "Map of \(detail.title)")).html()
            ),
            ("search", SearchPage(search, state: state, map: nil).html()),
            ("search results", SearchPage(search, state: state, map: nil).resultsHTML()),
        ]
        for (what, html) in pages {
            Self.expectNoEscapeCharacter(html, what)
            #expect(!html.contains("<script>alert"), "\(what): \(html)")
            #expect(!html.contains("<b>") && !html.contains("<i>"), "\(what)")
            #expect(html.contains(Self.nameInHTML), "\(what): \(html)")
            #expect(!html.contains("href=\"javascript:"), "\(what)")
        }
        let page = try #require(pages.first { $0.0 == "detail" }?.1)
        #expect(page.contains("<title>\(Self.nameInHTML) · nearby</title>"), "\(page)")
        #expect(page.contains("<h1>\(Self.nameInHTML)</h1>"), "\(page)")
        #expect(page.contains("alt=\"Map of \(Self.nameInHTML)\""), "\(page)")
        #expect(page.contains("<dd>1 rue &lt;b&gt;\\u{1b}[31mrouge&lt;/b&gt; &amp; &quot;co&quot;</dd>"), "\(page)")
        #expect(page.contains("<dd>javascript:alert(2)</dd>"), "a phone number with no digits to dial is no link: \(page)")
        #expect(page.contains("<dd>javascript:alert(3)</dd>"), "only http and https websites are links: \(page)")
    }

    /// A query shown back in the search box and the page's title is escaped as the data is.
    @Test func theSearchTextIsEscapedOnThePage() {
        let html = SearchPage(screens.search(Self.name), state: Fixture.pageState, map: nil).html()
        Self.expectNoEscapeCharacter(html, "the search page")
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("<title>“\(Self.nameInHTML)” · nearby</title>"), "\(html)")
        #expect(html.contains("value=\"\(Self.nameInHTML)\""), "\(html)")
    }

    /// JSON carries the text unchanged, escaped for JSON: a reader decodes the name as the data has it.
    @Test func jsonKeepsTheTextEscapedForJSON() throws {
        let documents = [
            ("list", try JSONRendering.document(PlaceListView(viewModel: screens.list([.bar])).json())),
            ("detail", try JSONRendering.document(PlaceDetailView(viewModel: screens.detail(Self.id)).json())),
        ]
        for (what, data) in documents {
            let text = String(decoding: data, as: UTF8.self)
            Self.expectNoEscapeCharacter(text, what)
            #expect(text.contains(#""name" : "Bar \"\u001b[2J\" & <script>alert(1)</script>""#), "\(what): \(text)")
        }
        let detail = try #require(try JSONSerialization.jsonObject(with: documents[1].1) as? [String: Any])
        #expect(detail["name"] as? String == Self.name)
        #expect((detail["tags"] as? [String: String])?["note"] == "</script><script>alert(4)</script>\u{1b}[2J")
        let list = try #require(try JSONSerialization.jsonObject(with: documents[0].1) as? [String: Any])
        #expect((list["places"] as? [[String: Any]])?.first?["name"] as? String == Self.name)
    }
}
