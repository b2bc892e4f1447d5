import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

/// What `list` and `feed` show — the home screen, or with `--category` a
/// list — reduced to what they need: the view model's load stream and
/// outcome, and the shared text and JSON views that render it.
struct HomeOrListScreen {
    var loadData: PassthroughSubject<Void, Never>
    var outcome: AnyPublisher<Result<Void, NearbyAPIError>, Never>
    var placeCount: () -> Int
    var lastUpdated: () -> Date?
    var dataset: () -> DatasetInfo?
    var annotations: () -> [Annotation]
    var text: () -> String
    /// One JSON document, with the drawn map's report if any; `line` puts
    /// it on one line, for a stream of them.
    var jsonDocument: (_ line: Bool, _ map: DrawnMap?) throws -> Data

    func json(line: Bool = false, map: DrawnMap? = nil) throws -> Data { try jsonDocument(line, map) }

    static func home(_ viewModel: HomeViewModel, units: DistanceUnit) -> HomeOrListScreen {
        let view = HomeView(viewModel: viewModel, units: units)
        return HomeOrListScreen(
            loadData: viewModel.loadData, outcome: viewModel.reloadPlaceList,
            placeCount: { viewModel.placeCount }, lastUpdated: { viewModel.lastUpdated }, dataset: { viewModel.dataset },
            annotations: { viewModel.annotations }, text: view.text,
            jsonDocument: { line, map in
                let document = DocumentWithMap(body: view.json(), map: map)
                return line ? try JSONRendering.line(document) : try JSONRendering.document(document)
            })
    }

    static func list(_ viewModel: PlaceListViewModel) -> HomeOrListScreen {
        let view = PlaceListView(viewModel: viewModel)
        return HomeOrListScreen(
            loadData: viewModel.loadData, outcome: viewModel.reloadPlaceList,
            placeCount: { viewModel.rows.count }, lastUpdated: { viewModel.lastUpdated }, dataset: { viewModel.dataset },
            annotations: { viewModel.annotations }, text: view.text,
            jsonDocument: { line, map in
                let document = DocumentWithMap(body: view.json(), map: map)
                return line ? try JSONRendering.line(document) : try JSONRendering.document(document)
            })
    }
}
