import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

/// Opening hours as the screens show them. Monday 2021-04-19 in Monaco
/// (UTC+2); Le Louis XV (n4413997053) is tagged
/// `Sa,Su 12:00-13:45, Th-Mo 19:30-21:45; Tu,We off`.
struct OpenNowTests {
    let scheduler = DispatchQueue.test

    static func at(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    func environment(at instant: Date) -> ViewModelEnvironment {
        var environment = Fixture.environment(LocalPlaceService(dataset: Fixture.monaco), scheduler: scheduler)
        environment.now = { instant }
        environment.timeZone = TimeZone(identifier: "UTC")!  // the dataset's Europe/Monaco must win
        return environment
    }

    @Test func theDetailSaysClosedAtLunchtimeOnAMonday() {
        let viewModel = PlaceDetailViewModel(placeID: "n4413997053", environment: environment(at: Self.at("2021-04-19T12:00:00+02:00")))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.isOpen == false)
        #expect(viewModel.openStatusText == "Closed · opens 19:30")
        #expect(viewModel.openStatus?.nextChange == Self.at("2021-04-19T19:30:00+02:00"))
        #expect(viewModel.openingHours == "Sa,Su 12:00-13:45, Th-Mo 19:30-21:45; Tu,We off")
    }

    @Test func theDetailSaysOpenAtDinner() {
        let viewModel = PlaceDetailViewModel(placeID: "n4413997053", environment: environment(at: Self.at("2021-04-19T20:00:00+02:00")))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.isOpen == true)
        #expect(viewModel.openStatusText == "Open · closes 21:45")
    }

    @Test func onTuesdayItIsClosedUntilThursday() {
        let viewModel = PlaceDetailViewModel(placeID: "n4413997053", environment: environment(at: Self.at("2021-04-20T20:00:00+02:00")))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.isOpen == false)
        #expect(viewModel.openStatusText == "Closed · opens Thu 19:30")
    }

    @Test func aPlaceWithoutHoursIsUnknown() {
        let viewModel = PlaceDetailViewModel(placeID: "n4316767531", environment: environment(at: Self.at("2021-04-19T20:00:00+02:00")))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.isOpen == nil)
        #expect(viewModel.openStatusText == "Hours unknown")
    }

    @Test func openNowKeepsOnlyOpenPlacesAndThenTheLimit() {
        let viewModel = PlaceListViewModel(
            search: PlaceSearch(
                area: .circle(center: Fixture.casinoGardens, radius: .default), kinds: [.restaurant], limit: 3, openNow: true),
            environment: environment(at: Self.at("2021-04-19T20:00:00+02:00")))
        viewModel.loadData.send()
        scheduler.advance()
        #expect(viewModel.rows.map(\.id) == ["n7857077111", "n4413997053", "n4893574386"])
        #expect(viewModel.rows.allSatisfy { $0.openStatus.isOpen == true })
    }

    @Test func theHomeFeedCanBeOpenNowOnly() {
        let viewModel = HomeViewModel(
            search: PlaceSearch(area: .circle(center: Fixture.casinoGardens, radius: .default), openNow: true),
            environment: environment(at: Self.at("2021-04-19T20:00:00+02:00")))
        viewModel.loadData.send()
        scheduler.advance()
        let rows = viewModel.sections.flatMap { section -> [PlaceRowViewModel] in
            switch section {
            case .pager(let rows), .places(_, _, let rows): rows
            case .categories: []
            }
        }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.openStatus.isOpen == true })
        #expect(viewModel.placeCount < Fixture.monaco.places.count / 4)
    }

    /// What a list shows holds until its `nextChange`: a second before it
    /// every row reads the same. (It may come early: a place whose hours
    /// read unknown, for holidays, still names the hour its rules turn.)
    @Test func aListHoldsUntilItsNextChange() throws {
        func list(at instant: Date, openNowOnly: Bool) -> PlaceListViewModel {
            let viewModel = PlaceListViewModel(
                search: PlaceSearch(
                    area: .circle(center: Fixture.casinoGardens, radius: .default), kinds: [.restaurant], limit: 8, openNow: openNowOnly),
                environment: environment(at: instant))
            viewModel.loadData.send()
            scheduler.advance()
            return viewModel
        }
        for openNowOnly in [false, true] {
            let start = Self.at("2021-04-19T20:00:00+02:00")
            let first = list(at: start, openNowOnly: openNowOnly)
            let change = try #require(first.nextChange)
            #expect(change > start)
            // Le Louis XV (n4413997053), open then, closes at 21:45.
            #expect(change <= Self.at("2021-04-19T21:45:00+02:00"))
            let before = list(at: change.addingTimeInterval(-1), openNowOnly: openNowOnly)
            #expect(before.rows.map(\.id) == first.rows.map(\.id))
            #expect(before.rows.map(\.openStatus.text) == first.rows.map(\.openStatus.text))
        }
    }

    @Test func theHomeFeedHoldsUntilItsNextChange() throws {
        func home(at instant: Date) -> HomeViewModel {
            let viewModel = HomeViewModel(
                search: PlaceSearch(area: .circle(center: Fixture.casinoGardens, radius: .default), openNow: true),
                environment: environment(at: instant))
            viewModel.loadData.send()
            scheduler.advance()
            return viewModel
        }
        let first = home(at: Self.at("2021-04-19T20:00:00+02:00"))
        let change = try #require(first.nextChange)
        #expect(change > Self.at("2021-04-19T20:00:00+02:00"))
        let before = home(at: change.addingTimeInterval(-1))
        #expect(before.placeCount == first.placeCount)
        #expect(before.sections == first.sections)
    }
}
