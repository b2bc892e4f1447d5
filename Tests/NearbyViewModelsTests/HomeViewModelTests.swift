import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import ConcurrencyExtras
import Testing

struct HomeViewModelTests {
    let scheduler = DispatchQueue.test

    @Test func firstLoadBuildsTheSectionsFromMonacoData() throws {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = HomeViewModel(userCoordinate: Fixture.casinoGardens, environment: Fixture.environment(service, scheduler: scheduler))
        let reloads = Observer(viewModel.reloadPlaceList.map { (try? $0.get()) != nil })
        let loading = Observer(viewModel.$isLoading)

        viewModel.loadData.send()
        #expect(viewModel.isLoading)
        #expect(viewModel.sections.isEmpty)
        scheduler.advance()

        #expect(reloads.values == [true])
        #expect(loading.values == [false, true, false])
        #expect(viewModel.lastUpdated == Fixture.noon)
        guard case .pager(let pager) = viewModel.sections.first else { Issue.record("the pager comes first"); return }
        #expect(pager.map(\.category) == Array(PlaceCategory.allCases.filter { c in pager.contains { $0.category == c } }))
        guard case .categories(let title, let categories) = viewModel.sections[1] else { Issue.record("then the categories row"); return }
        #expect(title == "Want to be more specific?")
        #expect(categories.prefix(4) == [.restaurant, .cafe, .nightclub, .atm])
        let cafes = viewModel.sections.compactMap { section -> [PlaceRowViewModel]? in
            if case .places(.cafe, _, let rows) = section { return rows } else { return nil }
        }.first
        #expect(cafes?.map(\.name) == ["Le Palace Café", "Richmond Bar", "Café de Paris"])
        #expect(cafes?.last?.distanceText == "0.18 mi")
        #expect(viewModel.sections.contains { if case .places(.atm, "Closest ATMs nearby", _) = $0 { true } else { false } })
    }

    @Test func aRefreshRefetchesAndReplacesTheSections() {
        let service = ScriptedPlaceService([
            .init(result: .success(Fixture.hits(["n4316767531"]))),
            .init(result: .success(Fixture.hits(["n4316767531", "n2391676637"]))),
        ], scheduler: scheduler)
        let viewModel = HomeViewModel(userCoordinate: Fixture.casinoGardens, environment: Fixture.environment(service, scheduler: scheduler))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.placeCount == 1)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.placeCount == 2)
        #expect(service.queries.count == 2)
        #expect(viewModel.sections.contains { if case .places(.nightclub, _, _) = $0 { true } else { false } })
    }

    @Test func aFailedRefreshPublishesTheErrorAndKeepsTheLastGoodSections() {
        let service = ScriptedPlaceService([
            .init(result: .success(Fixture.hits(["n4316767531"]))),
            .init(result: .failure(.invalidData(path: "places.geojson", location: "feature 3", reason: "expected a string"))),
            .init(result: .success(Fixture.hits(["n2391676637"]))),
        ], scheduler: scheduler)
        let viewModel = HomeViewModel(userCoordinate: Fixture.casinoGardens, environment: Fixture.environment(service, scheduler: scheduler))
        let reloads = Observer(viewModel.reloadPlaceList)
        viewModel.loadData.send()
        scheduler.advance()
        let good = viewModel.sections

        viewModel.loadData.send()
        scheduler.advance()
        #expect(reloads.values.count == 2)
        #expect(reloads.values.last.map { if case .failure(.invalidData) = $0 { true } else { false } } == true)
        #expect(viewModel.sections == good)
        #expect(!viewModel.isLoading)

        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.sections != good)
        #expect(reloads.values.count == 3)
    }

    /// The service answers later, from Swift's executor, as a remote one
    /// does; the main serial executor makes that hop deterministic.
    @MainActor @Test func overlappingRefreshesNeverInterleaveTheLatestWins() async {
        await withMainSerialExecutor { await overlappingRefreshes() }
    }

    @MainActor private func overlappingRefreshes() async {
        let service = ScriptedPlaceService([
            .init(result: .success(Fixture.hits(["n4316767531"])), delay: .seconds(5)),
            .init(result: .success(Fixture.hits(["n2391676637"])), delay: .seconds(1)),
        ], scheduler: scheduler)
        let viewModel = HomeViewModel(userCoordinate: Fixture.casinoGardens, environment: Fixture.environment(service, scheduler: scheduler))
        let reloads = Observer(viewModel.reloadPlaceList)
        let loading = Observer(viewModel.$isLoading)
        viewModel.loadData.send()
        await scheduler.advance(by: .milliseconds(500))
        #expect(reloads.values.isEmpty)
        viewModel.loadData.send()
        await scheduler.advance(by: .milliseconds(999))
        #expect(reloads.values.isEmpty)
        #expect(viewModel.isLoading)
        await scheduler.advance(by: .seconds(10))
        #expect(loading.values == [false, true, true, false])

        #expect(reloads.values.count == 1)
        #expect(viewModel.placeCount == 1)
        guard case .pager(let pager) = viewModel.sections.first else { Issue.record("no sections"); return }
        #expect(pager.map(\.id) == ["n2391676637"])
    }

    @Test func pickingACategoryShowsItsListAtOnce() throws {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = HomeViewModel(userCoordinate: Fixture.casinoGardens, environment: Fixture.environment(service, scheduler: scheduler))
        let lists = Observer(viewModel.showPlaceList)
        viewModel.loadData.send()
        scheduler.advance()
        viewModel.selectCategory.send(.nightclub)

        let list = try #require(lists.values.first)
        #expect(list.title == "Night Clubs")
        #expect(list.rows.map(\.name) == ["Nikki Beach Monte Carlo", "Jimmy’z Monte-Carlo"])
        #expect(list.rows.map(\.distanceText) == ["0.27 mi", "0.92 mi"])
    }

    @Test func theUserPositionInputMovesTheNextQuery() throws {
        let service = ScriptedPlaceService([.init(result: .success([])), .init(result: .success([]))], scheduler: scheduler)
        let viewModel = HomeViewModel(userCoordinate: Fixture.casinoGardens, radius: 800, environment: Fixture.environment(service, scheduler: scheduler))
        viewModel.loadData.send()
        scheduler.advance()
        let harbour = try Coordinate(latitude: 43.7347, longitude: 7.4206)
        viewModel.userCoordinate.send(harbour)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(service.queries.map(\.center) == [Fixture.casinoGardens, harbour])
        #expect(service.queries.allSatisfy { $0.radius == 800 && $0.categories.isEmpty })
        #expect(viewModel.sections.isEmpty)
    }
}
