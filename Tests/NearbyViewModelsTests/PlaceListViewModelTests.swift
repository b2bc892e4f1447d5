import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

struct PlaceListViewModelTests {
    let scheduler = DispatchQueue.test

    @Test func oneCategoryNearestFirstWithDistanceAndStatus() {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = PlaceListViewModel(
            search: PlaceSearch(area: .circle(center: Fixture.casinoGardens, radius: .default), kinds: [.cafe], limit: 4),
            environment: Fixture.environment(service, scheduler: scheduler))
        #expect(viewModel.title == "Cafés")
        viewModel.loadData.send()
        #expect(viewModel.rows.isEmpty)
        scheduler.advance()
        #expect(viewModel.rows.map(\.id) == ["n3087468543", "n3087468610", "n4316767531", "n1306034043"])
        #expect(viewModel.rows.map(\.distanceText) == ["0.06 mi", "0.11 mi", "0.18 mi", "0.20 mi"])
        // None of these four cafés has opening_hours in the 2021 extract.
        #expect(viewModel.rows.allSatisfy { $0.openStatus.text == "Hours unknown" && $0.openStatus.isOpen == nil })
        // The map's pins carry the rows' numbers.
        #expect(viewModel.annotations.map(\.label) == ["1", "2", "3", "4"])
        #expect(viewModel.annotations.map(\.coordinate) == viewModel.rows.map(\.place.coordinate))
    }

    @Test func aFailedRefreshKeepsTheRows() {
        let service = ScriptedPlaceService(
            [
                .init(result: .success(Fixture.hits(["n4316767531"]))),
                .init(result: .failure(.dataMissing(path: "gone.geojson"))),
            ], scheduler: scheduler)
        let viewModel = PlaceListViewModel(
            search: PlaceSearch(area: .circle(center: Fixture.casinoGardens, radius: .default), kinds: [.cafe]),
            environment: Fixture.environment(service, scheduler: scheduler))
        let reloads = Observer(viewModel.reloadPlaceList)
        viewModel.loadData.send()
        scheduler.advance()
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.rows.map(\.name) == ["Café de Paris"])
        #expect(reloads.values.last.map { if case .failure(.dataMissing) = $0 { true } else { false } } == true)
    }
}
