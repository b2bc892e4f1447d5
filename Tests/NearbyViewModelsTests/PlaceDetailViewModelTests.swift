import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

struct PlaceDetailViewModelTests {
    let scheduler = DispatchQueue.test

    @Test func showsTheDistanceInMilesAndTheMapRegion() throws {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = PlaceDetailViewModel(
            placeID: "n4316767531", userCoordinate: Fixture.casinoGardens,
            environment: Fixture.environment(service, scheduler: scheduler))
        let loads = Observer(viewModel.didLoad)
        viewModel.loadData.send()
        #expect(viewModel.title == "")
        scheduler.advance()

        #expect(loads.values.count == 1)
        #expect(viewModel.title == "Café de Paris")
        #expect(viewModel.distance == "0.18 mi")
        // GeographicLib: echo "43.7384 7.4246 43.7397159 7.4276948" | GeodSolve -i -p 6 → 289.016190
        #expect(abs(try #require(viewModel.distanceMetres) - 289.016190) < 1e-5)
        #expect(viewModel.isOpen == nil)
        #expect(viewModel.openStatusText == "Hours unknown")
        let place = try Coordinate(latitude: 43.7397159, longitude: 7.4276948)
        #expect(viewModel.location == place)
        #expect(viewModel.region == Region(center: place, span: .init(latitudeDelta: 0.01, longitudeDelta: 0.01)))
        #expect(
            viewModel.annotation
                == Annotation(coordinate: place, title: "Café de Paris", subtitle: "Café", category: .cafe, isSelected: true))
    }

    /// The kind is named in the environment's language where the vocabulary has its label, on the pin too.
    @Test func theKindIsNamedInTheLanguageAsked() throws {
        var environment = Fixture.environment(LocalPlaceService(dataset: Fixture.monaco), scheduler: scheduler)
        environment.language = "de"
        let viewModel = PlaceDetailViewModel(placeID: "n4316875945", userCoordinate: Fixture.casinoGardens, environment: environment)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.categoryName == "Geldautomat")
        #expect(viewModel.annotation?.subtitle == "Geldautomat")
    }

    @Test func withoutAPositionThereIsNoDistance() {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = PlaceDetailViewModel(placeID: "n2391676637", environment: Fixture.environment(service, scheduler: scheduler))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.title == "Jimmy’z Monte-Carlo")
        #expect(viewModel.distance == nil)
    }

    @Test func anUnknownIDFails() {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = PlaceDetailViewModel(placeID: "n1", environment: Fixture.environment(service, scheduler: scheduler))
        let loads = Observer(viewModel.didLoad)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(loads.values.count == 1)
        #expect(loads.values.first.map { if case .failure(.unknownPlace("n1")) = $0 { true } else { false } } == true)
        #expect(viewModel.place == nil)
    }
}
