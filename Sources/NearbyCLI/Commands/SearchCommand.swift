import ArgumentParser
import Foundation
import MapRender
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find places around a position, or where the text says, by name or kind, as people type them.",
        discussion: """
            Case and accents are ignored, every word matches as the start of a \
            word, in any order, and a word of five letters or more may hold one \
            typo. Names, brands and names in other languages (name:fr…) are \
            searched, and so are the words of a place's kind ("atm" finds every \
            cash machine, whatever it is called). Best matches come first — whole \
            words, then word starts, then a kind's words, then typos — and the \
            nearest first among equals.

            A text that says where — "restaurants in Monte-Carlo", "pharmacy near \
            43.7384,7.4246" — searches there for the kinds it names (every one of \
            them, and the rest of the words as a name), and needs no --lat/--lon \
            (with them, they are where distances are measured from). A place after \
            "in" that the data does not know leaves the whole text a name.

            Examples:
              nearby search "cafe de paris" --lat 43.7384 --lon 7.4246
              nearby search "restaurants in Monte-Carlo" --limit 5
              nearby search caf par --lat 43.7384 --lon 7.4246 --limit 3
              nearby search restaurnt --lat 43.7384 --lon 7.4246 --radius 5000 --json | jq -r '.places[].name'
              nearby search atm --lat 43.7384 --lon 7.4246 --category money --png atms.png
            """
    )

    @Argument(
        help: ArgumentHelp(
            "What to look for: words of a name, or of a kind (at most \(PlaceSearch.maximumNameBytes) bytes in all, "
                + "as the server's keyword).",
            valueName: "text"))
    var words: [String]

    @OptionGroup var query: PlaceQueryOptions

    @OptionGroup var map: MapOptions

    @Flag(name: .long, help: "Print JSON (stable snake_case fields) instead of text.")
    var json = false

    @OptionGroup var serviceOptions: ServiceOptions

    private var text: String { words.joined(separator: " ") }

    /// Why `text` is too long to search for, if it is (`feed`'s `/TEXT` too).
    static func lengthProblem(_ text: String) -> String? {
        let bytes = text.utf8.count
        guard bytes > PlaceSearch.maximumNameBytes else { return nil }
        return "the search text is \(bytes) bytes, more than the \(PlaceSearch.maximumNameBytes) a search takes"
    }

    func validate() throws {
        if let problem = Self.lengthProblem(text) { throw ValidationError(problem) }
        guard NameQuery(text).words.joined().count >= SearchViewModel.minimumLength else {
            throw ValidationError("the search text needs at least \(SearchViewModel.minimumLength) letters or digits")
        }
        try map.checkCanShow(latitude: query.position.lat)
    }

    func run() async throws {
        try await query.answerOnce(serviceOptions, question: text, show)
    }

    private func show(_ coordinate: Coordinate, root: PlaceServiceRoot, environment: ViewModelEnvironment) async throws {
        let viewModel = SearchViewModel(search: try query.placeSearch(at: coordinate), environment: environment)
        try await PrintOnce.search(text, in: viewModel)
        let drawn = try await MapDrawing(map).draw(root, extractName: viewModel.dataset?.source) { width, height, scale in
            query.search.map(
                of: viewModel.annotations, around: viewModel.searched?.center ?? coordinate, width: width, height: height, scale: scale)
        }
        let view = SearchResultsView(viewModel: viewModel)
        try StandardOutput.write(
            json ? try JSONRendering.document(DocumentWithMap(body: view.json(), map: drawn)) : Data((view.text() + "\n").utf8))
    }
}
