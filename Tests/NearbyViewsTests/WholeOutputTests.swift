import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews
import Testing

/// Every view, rendered whole on the Monaco data from the Casino gardens at
/// `Fixture.instant`, and compared with its file in Expected/ (how those
/// were made and checked: Expected/README.md).
struct WholeOutputTests {
    let screens = Screens()

    /// Cafés and restaurants within 400 m: 22 places, open, closed and
    /// unknown, two with an apostrophe in the name; 400 m is not one of the
    /// page's radius choices, so the page adds it.
    static let listKinds: Set<PlaceCategory> = [.cafe, .restaurant]
    static let listRadius = 400.0
    static let searchText = "casino"

    // MARK: Text

    @Test func categoriesText() {
        ExpectedOutput.check(CategoriesView().text() + "\n", "categories.txt")
    }

    @Test func homeText() {
        ExpectedOutput.check(HomeView(viewModel: screens.home(), units: .miles).text() + "\n", "home.txt")
    }

    @Test func placeListText() {
        let viewModel = screens.list(Self.listKinds, radius: Self.listRadius)
        ExpectedOutput.check(PlaceListView(viewModel: viewModel).text() + "\n", "place-list.txt")
    }

    @Test func placeDetailText() {
        ExpectedOutput.check(PlaceDetailView(viewModel: screens.detail(Fixture.louisXV)).text() + "\n", "place-detail.txt")
    }

    @Test func searchResultsText() {
        ExpectedOutput.check(SearchResultsView(viewModel: screens.search(Self.searchText)).text() + "\n", "search-results.txt")
    }

    // MARK: JSON

    @Test func placeListJSON() throws {
        let viewModel = screens.list(Self.listKinds, radius: Self.listRadius)
        let json = try JSONRendering.document(PlaceListView(viewModel: viewModel).json())
        ExpectedOutput.check(String(decoding: json, as: UTF8.self), "place-list.json")
    }

    @Test func placeDetailJSON() throws {
        let json = try JSONRendering.document(PlaceDetailView(viewModel: screens.detail(Fixture.louisXV)).json())
        ExpectedOutput.check(String(decoding: json, as: UTF8.self), "place-detail.json")
    }

    // MARK: HTML

    @Test func homePage() {
        let viewModel = screens.home()
        let map = Maps.clickable(
            "/",
            alt: "Map of the \(viewModel.annotations.count) places listed below, numbered as in the lists, around your position")
        ExpectedOutput.check(HomePage(viewModel, state: Fixture.pageState, map: map).html(), "home.html")
    }

    @Test func placeListPage() {
        let state = PageState(position: Fixture.casinoGardens, radius: Self.listRadius, at: Fixture.at)
        let viewModel = screens.list(Self.listKinds, radius: Self.listRadius)
        let kinds = ["cafe", "restaurant"]
        let map = Maps.clickable(
            "/places",
            alt: "Map of the \(viewModel.rows.count) \(viewModel.title.lowercased()) listed below, numbered as in the list, "
                + "around your position",
            state: state, extra: kinds.map { PageField(name: "category", value: $0) })
        ExpectedOutput.check(PlaceListPage(viewModel, kinds: kinds, openNow: false, state: state, map: map).html(), "place-list.html")
    }

    @Test func placeDetailPage() {
        let viewModel = screens.detail(Fixture.louisXV)
        let map = Maps.picture(
            Fixture.pageState.link("/place/\(Fixture.louisXV)/map.png"),
            alt: "Map of \(viewModel.title) (\(viewModel.categoryName)) and the streets around it")
        ExpectedOutput.check(PlaceDetailPage(viewModel, state: Fixture.pageState, map: map).html(), "place-detail.html")
    }

    @Test func searchPage() {
        let viewModel = screens.search(Self.searchText)
        let map = Maps.picture(
            Fixture.pageState.link("/search/map.png", [("q", Self.searchText)]),
            alt: "Map of the \(viewModel.rows.count) places found, numbered as in the list")
        ExpectedOutput.check(SearchPage(viewModel, state: Fixture.pageState, map: map).html(), "search.html")
    }

    /// The page the server shows when it knows no position (a store that names no centre).
    @Test func problemPage() {
        let page = ProblemPage(
            heading: "Where are you?", detail: "This data does not say where its places are. Give a position, or use your browser's.",
            state: PageState(position: nil, at: Fixture.at), asksForPosition: true)
        ExpectedOutput.check(page.html(), "problem.html")
    }
}
