import Foundation
import NearbyKit
import NearbyViewModels

/// A list of one kind of place or several, as text or JSON.
public struct PlaceListView {
    public var viewModel: PlaceListViewModel

    public init(viewModel: PlaceListViewModel) {
        self.viewModel = viewModel
    }

    private var rows: PlaceRowsView { PlaceRowsView(viewModel) }

    public func text() -> String {
        rows.text(
            asked: viewModel.title, whenEmpty: "None nearby. Try a larger --radius.", withKinds: viewModel.categories.count > 1)
    }

    public func json() -> some Encodable {
        rows.json(title: viewModel.title, categories: viewModel.categories, excluded: viewModel.excludedCategories)
    }
}
