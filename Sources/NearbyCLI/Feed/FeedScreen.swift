import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// What a feed shows — the home screen, or a category list with
/// `--category` — reduced to what the feed needs: the view model's load
/// stream and outcome, and the existing text views that render it.
struct FeedScreen {
    var loadData: PassthroughSubject<Void, Never>
    var outcome: AnyPublisher<Result<Void, NearbyAPIError>, Never>
    var placeCount: () -> Int
    var lastUpdated: () -> Date?
    var text: () -> String

    static func home(_ viewModel: HomeViewModel, units: DistanceUnit) -> FeedScreen {
        let view = HomeView(viewModel: viewModel, units: units)
        return FeedScreen(
            loadData: viewModel.loadData, outcome: viewModel.reloadPlaceList,
            placeCount: { viewModel.placeCount }, lastUpdated: { viewModel.lastUpdated }, text: view.text)
    }

    static func list(_ viewModel: PlaceListViewModel, radius: Double) -> FeedScreen {
        let view = PlaceListView(viewModel: viewModel, radius: radius)
        return FeedScreen(
            loadData: viewModel.loadData, outcome: viewModel.reloadPlaceList,
            placeCount: { viewModel.rows.count }, lastUpdated: { viewModel.lastUpdated }, text: view.text)
    }
}
