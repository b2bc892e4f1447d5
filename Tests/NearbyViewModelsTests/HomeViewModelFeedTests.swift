import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

/// The sequences `nearby feed` drives, at the view-model level: a data
/// file that changes between refreshes, on a test scheduler.
struct HomeViewModelFeedTests {
    let scheduler = DispatchQueue.test
    let data: URL

    init() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-feed-vm-\(UUID().uuidString).geojson")
        try AtomicFile.write(Fixture.monaco.encoded(), to: data)
    }

    func write(adding name: String, id: PlaceID) throws {
        var dataset = Fixture.monaco
        dataset.places.append(Place(id: id, name: name, category: .cafe, coordinate: Fixture.casinoGardens))
        try AtomicFile.write(dataset.encoded(), to: data)
    }

    func names(_ viewModel: HomeViewModel) -> Set<String> {
        Set(
            viewModel.sections.flatMap { section -> [String] in
                switch section {
                case .pager(let rows), .places(_, _, let rows): rows.map(\.name)
                case .categories: []
                }
            })
    }

    func makeViewModel() -> HomeViewModel {
        HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens),
            environment: Fixture.environment(ReloadingPlaceService(LocalPlaceService(dataURL: data)), scheduler: scheduler))
    }

    @Test func aReloadAfterTheFileChangedShowsTheNewPlace() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let viewModel = makeViewModel()
        let reloads = Observer(viewModel.reloadPlaceList.map { (try? $0.get()) != nil })
        viewModel.loadData.send()
        scheduler.advance()
        let before = viewModel.placeCount
        #expect(before > 0)
        #expect(!names(viewModel).contains("Café du Rafraîchissement"))

        try write(adding: "Café du Rafraîchissement", id: "n9000000010")
        viewModel.loadData.send()
        scheduler.advance()
        #expect(reloads.values == [true, true])
        #expect(viewModel.placeCount == before + 1)
        #expect(names(viewModel).contains("Café du Rafraîchissement"))
    }

    @Test func aFailedReloadKeepsTheSectionsAndALaterGoodOneRecovers() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let viewModel = makeViewModel()
        let reloads = Observer(viewModel.reloadPlaceList)
        viewModel.loadData.send()
        scheduler.advance()
        let good = viewModel.sections
        let goodTime = viewModel.lastUpdated

        try Data("{\"type\": \"FeatureCollection\", \"features\": [".utf8).write(to: data)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(reloads.values.count == 2)
        #expect(reloads.values.last.map { if case .failure(.invalidData) = $0 { true } else { false } } == true)
        #expect(viewModel.sections == good)
        #expect(viewModel.lastUpdated == goodTime)
        #expect(!viewModel.isLoading)

        try FileManager.default.removeItem(at: data)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(reloads.values.last.map { if case .failure(.dataMissing) = $0 { true } else { false } } == true)
        #expect(viewModel.sections == good)

        try write(adding: "Café de la Reprise", id: "n9000000011")
        viewModel.loadData.send()
        scheduler.advance()
        #expect(reloads.values.count == 4)
        #expect(reloads.values.last.map { if case .success = $0 { true } else { false } } == true)
        #expect(names(viewModel).contains("Café de la Reprise"))
    }

    @Test func aBurstOfLoadEventsCoalescesToOneResult() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let viewModel = makeViewModel()
        let reloads = Observer(viewModel.reloadPlaceList)
        let sections = Observer(viewModel.$sections.dropFirst())
        viewModel.loadData.send()
        scheduler.advance()
        #expect(reloads.values.count == 1)

        try write(adding: "Café de la Rafale", id: "n9000000012")
        for _ in 0..<5 { viewModel.loadData.send() }
        #expect(viewModel.isLoading)
        scheduler.advance()
        #expect(reloads.values.count == 2)
        #expect(sections.values.count == 2)
        #expect(!viewModel.isLoading)
        #expect(names(viewModel).contains("Café de la Rafale"))
    }
}
