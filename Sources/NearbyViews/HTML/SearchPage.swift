import Foundation
import NearbyKit
import NearbyViewModels

/// Search by name, from `SearchViewModel`: the whole page, or only its
/// results for the few lines of script that search as a person types.
public struct SearchPage {
    let frame: PageFrame
    let query: String
    let message: String?
    let rows: [PageRow]
    let addresses: [PageAddress]
    let map: PageMap?

    public init(_ viewModel: SearchViewModel, state: PageState, map: PageMap?) {
        let query = viewModel.query
        frame = PageFrame(
            title: query.isEmpty ? "Search" : "“\(query)”", state: state,
            attribution: viewModel.dataset?.attribution, searchText: query)
        self.query = query
        switch viewModel.state {
        case .idle:
            message = "Type at least \(SearchViewModel.minimumLength) letters of a name or a kind."
        case .searching:
            message = "Searching…"
        case .results:
            let count = viewModel.rows.count
            message = "\(count) place\(count == 1 ? "" : "s") within \(MetresText.format(viewModel.radius))"
        case .noResults:
            message = "Nothing within \(MetresText.format(viewModel.radius)) matches “\(query)”."
        case .failed(let error):
            message = "The search failed: \(error.localizedDescription)"
        }
        rows = viewModel.rows.enumerated().map { PageRow($1, number: $0 + 1, state: state) }
        addresses = viewModel.addresses.map { PageAddress($0, state: state) }
        self.map = map
    }

    public func html() -> String { HTMLPages.render(self, template: "search") }

    /// The results alone, as the search box's script swaps them in.
    public func resultsHTML() -> String { HTMLPages.render(self, template: "results") }
}
