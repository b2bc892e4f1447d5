import CombineSchedulers
import ConcurrencyExtras
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

struct HomeViewModelTests {
    let scheduler = DispatchQueue.test

    @Test func firstLoadBuildsTheSectionsFromMonacoData() throws {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
        let reloads = Observer(viewModel.reloadPlaceList.map { (try? $0.get()) != nil })
        let loading = Observer(viewModel.$isLoading)

        viewModel.loadData.send()
        #expect(viewModel.isLoading)
        #expect(viewModel.sections.isEmpty)
        scheduler.advance()

        #expect(reloads.values == [true])
        #expect(loading.values == [false, true, false])
        #expect(viewModel.lastUpdated == Fixture.noon)
        guard case .pager(let pager) = viewModel.sections.first else {
            Issue.record("the pager comes first")
            return
        }
        #expect(pager.count == PlaceCategoryGroup.allCases.count)
        guard case .categories(let title, let groups) = viewModel.sections[1] else {
            Issue.record("then the categories row")
            return
        }
        #expect(title == "Want to be more specific?")
        #expect(groups == PlaceCategoryGroup.allCases)
        // Sections by group, nearest first; reference: geographiclib's
        // Inverse over Data/places.geojson (see Data/README.md).
        let food = viewModel.sections.compactMap { section -> [PlaceRowViewModel]? in
            if case .places(let group, "Places to eat and drink", let rows) = section, group.rawValue == "food" {
                return rows
            } else {
                return nil
            }
        }.first
        #expect(food?.map(\.name) == ["Le Palace Café", "Le Vistamar", "Flashman"])
        #expect(food?.map(\.category) == [.cafe, .restaurant, .restaurant])
        #expect(food?.last?.distanceText == "0.07 mi")
        #expect(pager.first?.name == "Le Palace Café")
    }

    @Test func aRefreshRefetchesAndReplacesTheSections() {
        let service = ScriptedPlaceService(
            [
                .init(result: .success(Fixture.hits(["n4316767531"]))),
                .init(result: .success(Fixture.hits(["n4316767531", "n2391676637"]))),
            ], scheduler: scheduler)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.placeCount == 1)
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.placeCount == 2)
        #expect(service.queries.count == 2)
        #expect(viewModel.sections.contains { if case .places(PlaceCategory.nightclub.group, _, _) = $0 { true } else { false } })
    }

    @Test func aFailedRefreshPublishesTheErrorAndKeepsTheLastGoodSections() {
        let service = ScriptedPlaceService(
            [
                .init(result: .success(Fixture.hits(["n4316767531"]))),
                .init(result: .failure(.invalidData(path: "places.geojson", location: "feature 3", reason: "expected a string"))),
                .init(result: .success(Fixture.hits(["n2391676637"]))),
            ], scheduler: scheduler)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
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
        let service = ScriptedPlaceService(
            [
                .init(result: .success(Fixture.hits(["n4316767531"])), delay: .seconds(5)),
                .init(result: .success(Fixture.hits(["n2391676637"])), delay: .seconds(1)),
            ], scheduler: scheduler)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
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
        guard case .pager(let pager) = viewModel.sections.first else {
            Issue.record("no sections")
            return
        }
        #expect(pager.map(\.id) == ["n2391676637"])
    }

    @Test func pickingAGroupShowsItsListAtOnce() throws {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
        let lists = Observer(viewModel.showPlaceList)
        viewModel.loadData.send()
        scheduler.advance()
        viewModel.selectGroup.send(PlaceCategory.atm.group)

        let list = try #require(lists.values.first)
        #expect(list.title == "Money")
        #expect(list.rows.count == 30)
        #expect(list.rows.prefix(4).map(\.name) == ["Societe générale", "CMB", "Safra", "BNP Paribas"])
        #expect(list.rows.prefix(4).map(\.distanceText) == ["0.03 mi", "0.04 mi", "0.08 mi", "0.08 mi"])
    }

    @Test func excludedKindsLeaveEverySection() {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = HomeViewModel(
            search: PlaceSearch(area: .circle(center: Fixture.casinoGardens, radius: .default), excludedKinds: [.cafe, .atm]),
            environment: Fixture.environment(service, scheduler: scheduler))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(!viewModel.annotations.isEmpty)
        #expect(viewModel.annotations.allSatisfy { $0.category != .cafe && $0.category != .atm })
    }

    /// One pin per place, numbered in the order places first appear; a
    /// place listed in two sections carries one number in both.
    @Test func pinsAreNumberedByFirstAppearance() {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
        viewModel.loadData.send()
        scheduler.advance()
        let annotations = viewModel.annotations
        #expect(annotations.map(\.label) == annotations.indices.map { String($0 + 1) })
        let rows = viewModel.sections.flatMap { section -> [PlaceRowViewModel] in
            switch section {
            case .pager(let rows), .places(_, _, let rows): rows
            case .categories: []
            }
        }
        #expect(rows.count > annotations.count, "some place is in two sections")
        let numbers = viewModel.pinNumbers
        for row in rows {
            let number = numbers[row.id]
            #expect(number.map { annotations[$0 - 1].coordinate } == row.place.coordinate)
        }
        #expect(numbers[rows[0].id] == 1)
    }

    @Test func theUserPositionInputMovesTheNextQuery() throws {
        let service = ScriptedPlaceService([.init(result: .success([])), .init(result: .success([]))], scheduler: scheduler)
        let viewModel = HomeViewModel(
            search: PlaceSearch(around: Fixture.casinoGardens, radius: try SearchRadius(metres: 800)),
            environment: Fixture.environment(service, scheduler: scheduler))
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
