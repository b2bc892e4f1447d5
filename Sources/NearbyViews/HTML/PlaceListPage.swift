import Foundation
import NearbyKit
import NearbyViewModels

/// One or a few kinds' places, nearest first, numbered as their pins on the
/// map above them, with the radius and open-now controls: `PlaceListViewModel`.
public struct PlaceListPage {
    struct RadiusChoice {
        var metres: Int
        var text: String
        var isSelected: Bool
    }

    let frame: PageFrame
    let title: String
    let summary: String
    let rows: [PageRow]
    let map: PageMap?
    /// The moving map's pins and position (`MovingMapView`), when the page has one.
    let view: String?
    let categoryFields: [PageField]
    let carriedFields: [PageField]
    let radii: [RadiusChoice]
    let openNow: Bool
    let isEmpty: Bool
    let homeLink: String

    /// The radii offered; a radius given in the address is added to them.
    static let radiusChoices = [250, 500, 1000, 1500, 3000, 5000, 10000]

    /// - Parameters:
    ///   - kinds: the `category` values the list was asked with, to keep in its form.
    public init(_ viewModel: PlaceListViewModel, kinds: [String], openNow: Bool, state: PageState, map: PageMap?) {
        frame = PageFrame(title: viewModel.title, state: state, attribution: viewModel.dataset?.attribution, map: map)
        title = viewModel.title
        let count = viewModel.rows.count
        summary =
            "\(count == 0 ? "No" : String(count)) place\(count == 1 ? "" : "s") within \(MetresText.format(viewModel.radius))"
            + (openNow ? ", open now" : "")
        rows = viewModel.rows.enumerated().map { PageRow($1, number: $0 + 1, state: state) }
        self.map = map
        view =
            map?.layer == nil
            ? nil : MovingMapView(rows: viewModel.rows, around: viewModel.userCoordinate.value, radius: viewModel.radius, state: state).json
        categoryFields = kinds.map { PageField(name: "category", value: $0) }
        carriedFields = state.parameters.filter { $0.name != "radius" }.map { PageField(name: $0.name, value: $0.value) }
        // Whole metres, at least one: every choice is a radius the pages take back.
        let chosen = max(1, Int(viewModel.radius.rounded()))
        radii = Set(Self.radiusChoices).union([chosen]).sorted().map {
            RadiusChoice(metres: $0, text: Self.radiusText($0), isSelected: $0 == chosen)
        }
        self.openNow = openNow
        isEmpty = rows.isEmpty
        homeLink = state.link("/")
    }

    /// "250 m", "1.5 km", "10 km".
    static func radiusText(_ metres: Int) -> String {
        guard metres >= 1000 else { return "\(metres) m" }
        return metres % 1000 == 0 ? "\(metres / 1000) km" : String(format: "%.1f km", Double(metres) / 1000)
    }

    public func html() -> String { HTMLPages.render(self, template: "places") }

    /// The rows alone (with their pins), as "search this area" swaps them in.
    public func listingHTML() -> String { HTMLPages.render(self, template: "places-listing") }
}
