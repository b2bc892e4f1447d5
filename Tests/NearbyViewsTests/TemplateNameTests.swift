import Foundation
import Mustache
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

@testable import NearbyViews

/// Every name a page template uses finds a value, so that a typo in a
/// template, or a field left out of MustacheParent+Pages.swift, fails here
/// instead of rendering as nothing. Each template is read from the source
/// tree and walked (TemplateWalk) against sample pages made from real view
/// models, with every optional present and every list non-empty.
struct TemplateNameTests {
    static let folder = Fixture.root.appendingPathComponent("Sources/NearbyViews/HTML/Templates")

    static func templates() throws -> [String: TemplateTree] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        var templates: [String: TemplateTree] = [:]
        for file in files {
            let name = String(file.dropLast(".mustache".count))
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            templates[name] = try TemplateTree(name: name, source: source)
        }
        return templates
    }

    /// The data as the samples see it: Monaco's places, one more that names
    /// an image (Monaco's name none), and a credit line the footer does not
    /// already say, so that the layout shows the frame's own.
    static let sampleData: PlacesDataset = {
        var dataset = Fixture.monaco
        dataset.attribution = "Places from OpenStreetMap, checked for NearbyViewsTests' sample pages (a line the footer does not say)"
        dataset.places.append(
            Place(
                id: "n99", name: "Musée", category: .museum, coordinate: Fixture.casinoGardens,
                tags: ["wikimedia_commons": "File:Musée de Monaco.jpg"]))
        return dataset
    }()

    /// Each template a page value is rendered with, and samples of that
    /// value. A tag is reported unless some sample resolves it where the walk
    /// meets it: a page that cannot have every optional at once (a detail
    /// page has a week of hours or a note on them, never both) has a sample of each.
    static func pages() -> [(template: String, samples: [Any])] {
        let screens = Screens(sampleData)
        let state = Fixture.pageState
        let home = screens.home()
        let list = screens.list([.cafe, .restaurant], radius: 400)
        let search = screens.search("casino")
        let picture = Maps.picture("/map.png", alt: "A map")
        let searchPage = SearchPage(search, state: state, map: picture)
        // A place found by its old name, which its row says.
        let oldName = SearchPage(screens.search("pavillons boulingrins"), state: state, map: picture)
        return [
            ("home", [HomePage(home, state: state, map: Maps.clickable("/", alt: "A map"))]),
            (
                "places",
                [
                    PlaceListPage(
                        list, kinds: ["cafe", "restaurant"], openNow: true, state: state,
                        map: Maps.clickable("/places", alt: "A map", extra: [PageField(name: "category", value: "cafe")]))
                ]
            ),
            (
                "place",
                [
                    // Le Louis XV: hours that make a week, phone, website, address.
                    PlaceDetailPage(screens.detail(Fixture.louisXV), state: state, map: picture),
                    // The Monaco Ville post office: `PH off`, so a note that public holidays are not known.
                    // (Le Louis XV's week and this note are what a template is walked for, not their text.)
                    PlaceDetailPage(screens.detail("n1999205789"), state: state, map: picture),
                    // A place with an image, which the page links to.
                    PlaceDetailPage(screens.detail("n99"), state: state, map: picture),
                ]
            ),
            ("search", [searchPage, oldName]),
            ("results", [searchPage, oldName]),
            (
                "problem",
                [
                    ProblemPage(heading: "Where are you?", detail: "Give a position.", state: state, asksForPosition: true)
                ]
            ),
        ]
    }

    /// What a page can never have, and why.
    static let neverPresent: [String: Set<String>] = [
        // A problem page may be shown without data, so it carries no credit line of the data's.
        "problem": ["frame.attribution"],
        // A list's rows answer no name search, so none says which name matched.
        "home": ["matchedName"],
        "places": ["matchedName"],
    ]

    @Test(arguments: ["home", "places", "place", "search", "results", "problem"])
    func everyNameResolves(_ template: String) throws {
        let page = try #require(Self.pages().first { $0.template == template })
        var walk = TemplateWalk(templates: try Self.templates())
        for sample in page.samples { walk.walk(template, sample: sample) }
        let problems = walk.problems(allowing: Self.neverPresent[template] ?? [])
        #expect(problems.isEmpty, "\(problems.count) tags find nothing or print wrongly:\n\(problems.joined(separator: "\n"))")
        #expect(walk.outcomes.count > 5, "the walk saw the template's tags")
    }

    /// Every template in the folder is one a page is rendered with, or one
    /// they include or extend, and the library the pages render from has it.
    @Test func everyTemplateIsWalked() throws {
        let templates = try Self.templates()
        var walk = TemplateWalk(templates: templates)
        for page in Self.pages() {
            for sample in page.samples { walk.walk(page.template, sample: sample) }
        }
        #expect(walk.reached == Set(templates.keys))
        for name in templates.keys {
            #expect(HTMLPages.library.getTemplate(named: name) != nil, "HTMLPages does not register \(name)")
        }
    }

    // MARK: The walk itself

    /// A misspelt name, inside a list and outside one, is reported with its template and line.
    @Test func theWalkReportsAMisspeltName() throws {
        let templates = [
            "t": try TemplateTree(name: "t", source: "{{frame.title}}\n{{#rows}}{{nmae}} {{kind}}{{/rows}}\n{{summray}}")
        ]
        let list = Screens().list([.cafe], radius: 400)
        var walk = TemplateWalk(templates: templates)
        walk.walk("t", sample: PlaceListPage(list, kinds: ["cafe"], openNow: false, state: Fixture.pageState, map: nil))
        let problems = walk.problems()
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.hasPrefix("t.mustache:2: {{nmae}}: no context gives \"nmae\"") == true, "\(problems)")
        #expect(problems.last?.hasPrefix("t.mustache:3: {{summray}}") == true, "\(problems)")
    }

    /// A field a value leaves out of `child(named:)`, or offers only through
    /// `Mirror` (Mustache's slow way), does not resolve; a value printed whole
    /// is wrong; a block the parent does not have is never shown.
    @Test func theWalkReportsWhatMustacheWouldNotShow() throws {
        struct Offers: MustacheParent {
            var shown = "a"
            var forgotten = "b"
            func child(named name: String) -> Any? { name == "shown" ? shown : nil }
        }
        struct Mirrored { var field = "c" }
        let templates = [
            "parent": try TemplateTree(name: "parent", source: "{{$content}}{{/content}}"),
            "child": try TemplateTree(
                name: "child",
                source:
                    "{{<parent}}{{$contnet}}x{{/contnet}}{{/parent}}\n{{#list}}{{shown}} {{forgotten}} {{.}}{{/list}}\n{{mirrored.field}}"),
        ]
        var walk = TemplateWalk(templates: templates)
        walk.walk("child", sample: ["list": [Offers()], "mirrored": Mirrored()] as [String: Any])
        let problems = walk.problems()
        #expect(problems.count == 4, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("child.mustache:1: {{$contnet}}: parent has no block contnet") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("child.mustache:2: {{forgotten}}: no context gives") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("child.mustache:2: {{.}}: is a Offers") }, "\(problems)")
        #expect(
            problems.contains { $0.hasPrefix("child.mustache:3: {{mirrored.field}}: mirrored (a Mirrored) gives nothing") },
            "\(problems)")
    }

    /// A partial is checked where each section includes it: a name that only
    /// one of them resolves is reported where the other includes it.
    @Test func theWalkChecksAPartialWhereverItIsIncluded() throws {
        let templates = [
            "row": try TemplateTree(name: "row", source: "{{name}} {{more}}"),
            "page": try TemplateTree(
                name: "page", source: "{{#pager}}{{>row}}{{/pager}}\n{{#sections}}{{#rows}}{{>row}}{{/rows}}{{/sections}}"),
        ]
        let sample: [String: Any] = ["pager": [["name": "a"]], "sections": [["more": "m", "rows": [["name": "b"]]] as [String: Any]]]
        var walk = TemplateWalk(templates: templates)
        walk.walk("page", sample: sample)
        #expect(
            walk.problems() == [
                "row.mustache:1: {{more}}: no context gives \"more\" (innermost first: Dictionary<String, String>, "
                    + "Dictionary<String, Any>) — within page.mustache:1 {{#pager}} > page.mustache:1 {{>row}}"
            ])
    }
}
