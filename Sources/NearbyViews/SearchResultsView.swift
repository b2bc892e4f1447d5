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

    public func json() -> some Encodable {
        rows.json(query: viewModel.query, categories: viewModel.categories.sorted(), excluded: viewModel.excludedCategories)
    }
}
