import CombineSchedulers
import ConcurrencyExtras
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Testing

struct SearchViewModelTests {
    let scheduler = DispatchQueue.test

    private func searching(_ service: any PlaceWebService) -> SearchViewModel {
        SearchViewModel(search: PlaceSearch(around: Fixture.casinoGardens), environment: Fixture.environment(service, scheduler: scheduler))
    }

    @Test func typingFastSendsOneRequest() {
        let service = ScriptedPlaceService([.init(result: .success(Fixture.hits(["n4316767531"])))], scheduler: scheduler)
        let viewModel = searching(service)
        let states = Observer(viewModel.$state)
        for text in ["c", "ca", "caf", "café", "café ", "café d", "café de"] {
            viewModel.text.send(text)
            scheduler.advance(by: .milliseconds(120))
        }
        #expect(service.queries.isEmpty)
        scheduler.advance(by: .milliseconds(299 - 120))
        #expect(service.queries.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(service.queries.map(\.keyword) == ["café de"])
        #expect(viewModel.rows.map(\.id) == ["n4316767531"])
        #expect(viewModel.query == "café de")
        #expect(states.values == [.idle, .searching, .results])
    }

    /// A row found by a name other than the one it shows says which (issue 56);
    /// a row whose shown name matched says nothing more.
    @Test func aRowSaysWhichNameMatched() {
        let viewModel = searching(LocalPlaceService(dataset: Fixture.monaco))
        viewModel.text.send("pavillons boulingrins")
        scheduler.advance(by: .seconds(1))
        #expect(viewModel.rows.map(\.id) == ["w432751852"])
        #expect(viewModel.rows.first?.matchedName == MatchedName(key: "old_name", text: "Pavillons des Boulingrins"))
        #expect(viewModel.rows.first?.matchedNameText == "old name: Pavillons des Boulingrins")
        viewModel.text.send("jardin boulingrins")
        scheduler.advance(by: .seconds(1))
        #expect(viewModel.rows.first?.id == "w432751852")
        #expect(viewModel.rows.first?.matchedName == nil)
    }

    /// Beside the places, the streets and towns that answer every word typed
    /// (issue 55): asked as typed, leaning to the position; an answer to part
    /// of the text is no suggestion.
    @Test func suggestsTheStreetsAndTownsThatAnswerEveryWord() throws {
        let service = ScriptedPlaceService([.init(result: .success([]))], scheduler: scheduler)
        let monaco = [
            AddressComponent(.postalCode, "98000", rule: .tags), AddressComponent(.country, "Monaco", shortName: "MC", rule: .tags),
        ]
        let street = GeocodeCandidate(
            kind: .street, id: "w37800404", location: LonLat(7.4205, 43.7315), bounds: nil,
            address: PostalAddress(components: [AddressComponent(.route, "Rue Grimaldi", rule: .tags)] + monaco), partialMatch: false)
        let town = GeocodeCandidate(
            kind: .area(.locality), id: "r1124039", location: LonLat(7.4246, 43.7384), bounds: nil,
            address: PostalAddress(components: monaco), partialMatch: true)
        service.candidates.withLock { $0.answer = [street, town] }
        let viewModel = searching(service)
        viewModel.text.send("rue grim")
        scheduler.advance(by: .seconds(1))
        // The last question is the suggestions'; the search may read part of the text as a place first.
        let asked = try #require(service.candidates.withLock { $0.asked }.last)
        #expect(asked.text == "rue grim")
        #expect(asked.lastWordIsTyped)
        #expect(asked.bias.position == Fixture.casinoGardens)
        #expect(asked.limit == SearchViewModel.addressLimit)
        #expect(viewModel.addresses.map(\.name) == ["Rue Grimaldi"])
        #expect(viewModel.addresses.first?.rest == "98000, Monaco")
        #expect(viewModel.addresses.first?.kindName == "Street")
        // 834.8 m by PROJ's geod (`echo 43.7384 7.4246 43.7315 7.4205 | geod +ellps=WGS84 -I -f %.1f`, Debian proj-bin).
        #expect(viewModel.addresses.first?.distanceText == "0.52 mi")
        #expect(viewModel.state == .noResults)
        viewModel.text.send("r")
        scheduler.advance(by: .seconds(1))
        #expect(viewModel.addresses.isEmpty)
    }

    @Test func theSameTextAgainAndShortTextsFetchNothing() {
        let service = ScriptedPlaceService([.init(result: .success([]))], scheduler: scheduler)
        let viewModel = searching(service)
        viewModel.text.send("c")
        scheduler.advance(by: .seconds(1))
        #expect(service.queries.isEmpty)
        #expect(viewModel.state == .idle)
        viewModel.text.send("zz")
        scheduler.advance(by: .seconds(1))
        viewModel.text.send(" zz ")
        scheduler.advance(by: .seconds(1))
        #expect(service.queries.count == 1)
        #expect(viewModel.state == .noResults)
    }

    /// Answers come later, from Swift's executor, as a remote service's do;
    /// the main serial executor makes that hop deterministic.
    @MainActor @Test func aSlowAnswerToAnOldTextNeverOverwritesANewerOne() async {
        await withMainSerialExecutor {
            let service = ScriptedPlaceService(
                [
                    .init(result: .success(Fixture.hits(["n4316767531"])), delay: .seconds(5)),
                    .init(result: .success(Fixture.hits(["n2391676637"])), delay: .seconds(1)),
                ], scheduler: scheduler)
            let viewModel = searching(service)
            viewModel.text.send("cafe")
            await scheduler.advance(by: .milliseconds(300))
            viewModel.text.send("jimmy")
            await scheduler.advance(by: .milliseconds(300))
            #expect(service.queries.map(\.keyword) == ["cafe", "jimmy"])
            await scheduler.advance(by: .seconds(10))
            #expect(viewModel.rows.map(\.id) == ["n2391676637"])
            #expect(viewModel.query == "jimmy")
            #expect(viewModel.state == .results)
        }
    }

    @Test func aFailureKeepsThePreviousResults() {
        let service = ScriptedPlaceService(
            [
                .init(result: .success(Fixture.hits(["n4316767531"]))),
                .init(result: .failure(.serviceUnavailable("the place service at http://127.0.0.1:9 refused the connection"))),
            ], scheduler: scheduler)
        let viewModel = searching(service)
        viewModel.text.send("cafe de paris")
        scheduler.advance(by: .milliseconds(300))
        viewModel.text.send("cafe de monaco")
        scheduler.advance(by: .milliseconds(300))
        #expect(viewModel.rows.map(\.id) == ["n4316767531"])
        #expect(viewModel.query == "cafe de paris")
        #expect(viewModel.state == .failed(.serviceUnavailable("the place service at http://127.0.0.1:9 refused the connection")))
    }

    @Test func clearingTheTextGoesBackToIdle() {
        let service = ScriptedPlaceService([.init(result: .success(Fixture.hits(["n4316767531"])))], scheduler: scheduler)
        let viewModel = searching(service)
        viewModel.text.send("paris")
        scheduler.advance(by: .milliseconds(300))
        #expect(viewModel.state == .results)
        viewModel.text.send("")
        scheduler.advance(by: .milliseconds(300))
        #expect(viewModel.state == .idle)
        #expect(viewModel.rows.isEmpty)
        #expect(service.queries.count == 1)
    }

    /// On Monaco's data, through the real in-memory store: names as typed.
    @Test func searchesMonacoByNameAsPeopleType() {
        let service = LocalPlaceService(dataset: Fixture.monaco)
        let viewModel = searching(service)
        func search(_ text: String) -> [String] {
            viewModel.text.send(text)
            scheduler.advance(by: .milliseconds(300))
            return viewModel.rows.map(\.name)
        }
        #expect(search("cafe de paris").first == "Café de Paris")
        #expect(search("PARIS café").first == "Café de Paris")
        #expect(search("caf par").first == "Café de Paris")
        #expect(search("jimmy’z").first == "Jimmy’z Monte-Carlo")
        #expect(search("jimmyz").first == "Jimmy’z Monte-Carlo")  // one letter more than "jimmy"
        #expect(search("jimmyzz").isEmpty)
        let typo = search("restaurnt")
        #expect(!typo.isEmpty)
        #expect(
            viewModel.rows.allSatisfy {
                $0.place.categories.contains(.restaurant) || $0.name.localizedCaseInsensitiveContains("restaurant")
            })
        // "atm" is a kind's word: it finds cash machines whatever their names.
        #expect(search("atm").contains("Societe générale"))
    }
}
