import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

/// The Monaco data, one position and one instant: what every whole-output
/// test renders. View models are built as NearbyViewModelsTests builds them,
/// on a test scheduler and a fixed clock, and loaded by advancing the
/// scheduler: nothing sleeps, nothing reads the machine's clock or zone.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let monaco = try! PlacesDataset.load(from: root.appendingPathComponent("Data/places.geojson"))
    /// The Casino gardens, as in NearbyViewModelsTests and the README's examples.
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    /// Monday 2021-04-19, 20:00 in Monaco (18:00 UTC). The day the extract
    /// was taken (Data/README.md), so its opening hours were current; an
    /// evening, so restaurants are open while shops are closed and the lists
    /// show both; the instant OpenNowTests reads Le Louis XV's hours at.
    static let instant = Date(timeIntervalSince1970: 1_618_855_200)
    /// `at=` as a page given that instant carries it in its links.
    static let at = "2021-04-19T20:00"

    /// Le Louis XV: opening hours, phone, website, address and an apostrophe in its name.
    static let louisXV: PlaceID = "n4413997053"

    /// The view models' environment: miles, the fixed instant, and UTC for
    /// places whose data names no zone (the dataset's Europe/Monaco must win).
    static func environment(_ service: any PlaceWebService, scheduler: TestSchedulerOf<DispatchQueue>) -> ViewModelEnvironment {
        ViewModelEnvironment(
            placeService: service, mainScheduler: scheduler.eraseToAnyScheduler(), now: { instant }, units: .miles,
            timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A page's state as the server makes it for `?lat=43.7384&lon=7.4246&at=2021-04-19T20:00`.
    static let pageState = PageState(position: casinoGardens, at: at)
}

/// View models built over one dataset, each loaded before it is returned.
struct Screens {
    let service: LocalPlaceService
    let scheduler = DispatchQueue.test

    init(_ dataset: PlacesDataset = Fixture.monaco) {
        service = LocalPlaceService(dataset: dataset, loadedAt: Fixture.instant)
    }

    var environment: ViewModelEnvironment { Fixture.environment(service, scheduler: scheduler) }

    func home(radius: Double = SearchRadius.default.metres) -> HomeViewModel {
        let viewModel = HomeViewModel(search: Self.search(radius: radius), environment: environment)
        viewModel.loadData.send()
        scheduler.advance()
        return viewModel
    }

    func list(_ categories: Set<PlaceCategory>, radius: Double = SearchRadius.default.metres) -> PlaceListViewModel {
        let viewModel = PlaceListViewModel(search: Self.search(categories, radius: radius), environment: environment)
        viewModel.loadData.send()
        scheduler.advance()
        return viewModel
    }

    func detail(_ id: PlaceID) -> PlaceDetailViewModel {
        let viewModel = PlaceDetailViewModel(placeID: id, userCoordinate: Fixture.casinoGardens, environment: environment)
        viewModel.loadData.send()
        scheduler.advance()
        return viewModel
    }

    /// Around the Casino gardens; `radius` is one of the tests' own constants.
    private static func search(_ kinds: Set<PlaceCategory> = [], radius: Double) -> PlaceSearch {
        PlaceSearch(area: .circle(center: Fixture.casinoGardens, radius: try! SearchRadius(metres: radius)), kinds: kinds)
    }

    /// The text typed at once, and the debounce waited out on the test scheduler.
    func search(_ text: String, radius: Double = SearchRadius.default.metres) -> SearchViewModel {
        let viewModel = SearchViewModel(search: Self.search(radius: radius), environment: environment)
        viewModel.text.send(text)
        scheduler.advance(by: .milliseconds(SearchViewModel.debounceMilliseconds))
        return viewModel
    }
}

/// The maps a page shows, as the server's PagesController describes them
/// (NearbyViews only places what it is given): 640 × 360, a clickable one in
/// a form that carries the page's parameters and the `view` it was drawn at.
enum Maps {
    /// The moving map's layer over Tiles/ as its metadata.json says (zooms 10 to 17, the extract's box).
    static let layer = MovingMapLayer(
        minZoom: 10, maxZoom: 17,
        bounds: BoundingBox(minLongitude: 7.409205, minLatitude: 43.72335, maxLongitude: 7.448037, maxLatitude: 43.75169),
        attribution: "© OpenStreetMap contributors")

    static func clickable(_ path: String, alt: String, state: PageState = Fixture.pageState, extra: [PageField] = []) -> PageMap {
        let carried = state.parameters.map { PageField(name: $0.name, value: $0.value) } + extra
        return PageMap(
            source: state.link(path == "/" ? "/map.png" : path + "/map.png", extra.map { ($0.name, $0.value) }), alt: alt,
            width: 640, height: 360, action: path, fields: carried + [PageField(name: "view", value: "43.7384000,7.4246000,16")],
            layer: layer)
    }

    static func picture(_ source: String, alt: String) -> PageMap {
        PageMap(source: source, alt: alt, width: 640, height: 360, layer: layer)
    }
}
