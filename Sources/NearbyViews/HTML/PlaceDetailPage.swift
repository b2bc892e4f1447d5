import Foundation
import NearbyKit
import NearbyViewModels

/// The original's detail screen: name, kind, distance, whether it is open,
/// the week's hours, address, phone, website, a link to its image, its
/// OpenStreetMap page and the region map with its pin, from
/// `PlaceDetailViewModel`. The image is a link, not shown: the pages load
/// nothing from other sites.
public struct PlaceDetailPage {
    let frame: PageFrame
    let title: String
    let kind: String
    let distance: String?
    let status: String
    let statusClass: String
    let statusNote: String?
    let week: [String]
    let hasWeek: Bool
    let openingHours: String?
    let address: String?
    let phone: String?
    let phoneLink: String?
    let website: String?
    let websiteLink: String?
    let imageLink: String?
    let openStreetMap: String?
    let map: PageMap?
    let backLink: String
    let backText: String

    public init(_ viewModel: PlaceDetailViewModel, state: PageState, map: PageMap?) {
        frame = PageFrame(title: viewModel.title, state: state, attribution: viewModel.dataset?.attribution, map: map)
        title = viewModel.title
        kind = viewModel.categoryName
        distance = viewModel.distance.map { state.positionIsDefault ? "\($0) from the centre of the data" : "\($0) away" }
        status = viewModel.openStatusText
        statusClass = PageRow.statusClass(viewModel.isOpen)
        statusNote = viewModel.openStatus?.note
        week = viewModel.openingHours.flatMap { OpeningHours($0).weeklySchedule?.weekdayText } ?? []
        hasWeek = !week.isEmpty
        openingHours = viewModel.openingHours
        address = viewModel.address?.formatted
        phone = viewModel.phone
        phoneLink = viewModel.phone.flatMap(Self.telephoneLink)
        website = viewModel.website
        websiteLink = viewModel.website.flatMap(Self.webLink)
        imageLink = viewModel.placeImageUrl.flatMap { Self.webLink($0.absoluteString) }
        openStreetMap = viewModel.place?.openStreetMapURL
        var map = map
        if map?.layer != nil, let pin = viewModel.annotation {
            map?.view = MovingMapView(pin: pin, kind: viewModel.categoryName, user: viewModel.userCoordinate.value).json
        }
        self.map = map
        let category = viewModel.place?.category
        backLink = category.map { state.link("/places", [("category", $0.rawValue)]) } ?? state.link("/")
        backText = category.map { "All \($0.displayName.lowercased()) nearby" } ?? "Home"
    }

    /// `tel:` with the digits and a leading +; nil when nothing dialable is left.
    static func telephoneLink(_ phone: String) -> String? {
        let first = phone.split(separator: ";").first.map(String.init) ?? phone
        let digits = first.filter { $0.isASCII && ($0.isNumber || $0 == "+") }
        return digits.count >= 3 ? "tel:" + digits : nil
    }

    /// Only http and https addresses become links: a `javascript:` website
    /// in the data must not run in a reader's browser.
    static func webLink(_ website: String) -> String? {
        let trimmed = website.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { return nil }
        return url.absoluteString
    }

    public func html() -> String { HTMLPages.render(self, template: "place") }
}
