import Foundation
import NearbyKit
import NearbyViewModels

/// A name search's results as text or JSON, best match first.
public struct SearchResultsView {
    public var viewModel: SearchViewModel

    public init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
    }

    private var rows: PlaceRowsView { PlaceRowsView(viewModel) }

    public func text() -> String {
        rows.text(
            asked: "“\(TerminalSafeText.escaped(viewModel.query, limit: 80))”",
            whenEmpty: "Nothing by that name nearby. Try fewer words, or a larger --radius.", withKinds: true)
    }

    /// `categories` are the kinds searched: those asked for, or those the
    /// text named with where to look ("restaurants in Monte-Carlo").
    public func json() -> some Encodable {
        let searched = viewModel.searched ?? viewModel.search
        return rows.json(query: viewModel.query, categories: searched.kinds.sorted(), excluded: searched.excludedKinds)
    }
}
