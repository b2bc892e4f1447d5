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
}

extension PlaceListViewModel: PlaceRowsSource {}
extension SearchViewModel: PlaceRowsSource {}

extension PlaceRowsView {
    /// The rows `viewModel` holds now, around the position it was last given.
    init(_ viewModel: some PlaceRowsSource) {
        self.init(
            position: viewModel.userCoordinate.value, origin: viewModel.origin, radius: viewModel.radius, rows: viewModel.rows,
            dataset: viewModel.dataset)
    }
}
