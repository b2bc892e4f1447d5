import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// A view model whose answer is numbered rows of places around a position:
/// a list of kinds (`PlaceListViewModel`) or a name search (`SearchViewModel`),
/// which `PlaceRowsView` shows alike.
protocol PlaceRowsSource {
    var userCoordinate: CurrentValueSubject<Coordinate, Never> { get }
    var origin: PostalAddress? { get }
    var radius: Double { get }
    var rows: [PlaceRowViewModel] { get }
    var dataset: DatasetInfo? { get }
    /// What the rows answer when a text moved it from the position; nil: within `radius` of it.
    var searched: PlaceSearch? { get }
}

extension PlaceListViewModel: PlaceRowsSource {
    var searched: PlaceSearch? { nil }
}
extension SearchViewModel: PlaceRowsSource {}

extension PlaceRowsView {
    /// The rows `viewModel` holds now, around the position it was last given.
    init(_ viewModel: some PlaceRowsSource) {
        let searched = viewModel.searched
        var box: (low: Coordinate, high: Coordinate)?
        if case .rectangle(let low, let high) = searched?.area { box = (low, high) }
        self.init(
            position: searched?.center ?? viewModel.userCoordinate.value, origin: viewModel.origin,
            radius: searched?.radius.metres ?? viewModel.radius, box: box, rows: viewModel.rows, dataset: viewModel.dataset)
    }
}
