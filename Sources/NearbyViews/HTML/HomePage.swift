import Foundation
import NearbyKit
import NearbyViewModels

/// The original's home screen as a page: the nearest place of each group (the
/// pager), the group row, and each group's nearest few, from `HomeViewModel`.
public struct HomePage {
    struct Section {
        var title: String
        var rows: [PageRow]
        var more: String
        var moreLink: String
    }

    let frame: PageFrame
    let heading: String
    let positionText: String
    let positionIsDefault: Bool
    let lat: String
    let lon: String
    let radiusText: String
    let placeCount: Int
    let pager: [PageRow]
    let categoriesTitle: String
    let groups: [PageChoice]
    let sections: [Section]
    let map: PageMap?
    /// The moving map's pins and position (`MovingMapView`), when the page has one.
    let view: String?
    let isEmpty: Bool

    /// - Parameter map: the map of the home screen's pins, when there is one.
    public init(_ viewModel: HomeViewModel, state: PageState, map: PageMap?) {
        let numbers = viewModel.pinNumbers
        frame = PageFrame(title: "Nearby", state: state, attribution: viewModel.dataset?.attribution, map: map)
        let position = viewModel.userCoordinate.value
        heading = "Around you"
        let coordinates = String(format: "%.5f, %.5f", position.latitude, position.longitude)
        // The street and district where the data knows them: where "Use my location" put the person.
        positionText = viewModel.origin.map { "\($0.locator) (\(coordinates))" } ?? coordinates
        positionIsDefault = state.positionIsDefault
        lat = PageState.degrees(position.latitude)
        lon = PageState.degrees(position.longitude)
        radiusText = MetresText.format(viewModel.radius)
        placeCount = viewModel.placeCount
        var pager: [PageRow] = [], groups: [PageChoice] = [], sections: [Section] = [], title = HomeSection.categoriesTitle
        for section in viewModel.sections {
            switch section {
            case .pager(let rows):
                pager = rows.map { PageRow($0, number: numbers[$0.id], state: state) }
            case .categories(let heading, let list):
                title = heading
                groups = list.map { PageChoice(name: $0.displayName, link: state.link("/places", [("category", $0.rawValue)])) }
            case .places(let group, let heading, let rows):
                sections.append(
                    Section(
                        title: heading, rows: rows.map { PageRow($0, number: numbers[$0.id], state: state) },
                        more: "All \(group.displayName.lowercased())",
                        moreLink: state.link("/places", [("category", group.rawValue)])))
            }
        }
        self.pager = pager
        categoriesTitle = title
        self.groups = groups
        self.sections = sections
        self.map = map
        view =
            map?.layer == nil
            ? nil : MovingMapView(rows: viewModel.pinnedRows, around: position, radius: viewModel.radius, state: state).json
        isEmpty = sections.isEmpty
    }

    public func html() -> String { HTMLPages.render(self, template: "home") }

    /// The rows alone (with their pins), as "search this area" swaps them in.
    public func listingHTML() -> String { HTMLPages.render(self, template: "home-listing") }
}
