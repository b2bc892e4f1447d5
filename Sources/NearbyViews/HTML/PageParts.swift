import Foundation
import NearbyKit
import NearbyViewModels

/// A hidden form field: how a form keeps the state a page carries.
public struct PageField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What every page shows around its content (layout.mustache): the title,
/// the search box, the way home and the OpenStreetMap attribution.
struct PageFrame {
    var title: String
    var lang: String
    var searchText: String
    var searchFields: [PageField]
    var homeLink: String
    /// The data's own credit line, when it says more than the footer does.
    var attribution: String?
    /// Whether the page has a moving map, and so loads Leaflet and moving-map.js.
    var movingMap: Bool

    init(title: String, state: PageState, attribution: String?, searchText: String = "", map: PageMap? = nil) {
        self.title = title
        movingMap = map?.layer != nil
        lang = state.language ?? "en"
        self.searchText = searchText
        searchFields = state.parameters.map { PageField(name: $0.name, value: $0.value) }
        homeLink = state.link("/")
        // The data's own line, unless it only repeats what the footer says.
        let line = attribution?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        self.attribution = line.isEmpty || (line.contains("OpenStreetMap contributors") && line.count < 80) ? nil : line
    }
}

/// A map image on a page. A clickable one sits in a form: clicking it sends
/// the pixel clicked (`map.x`, `map.y`) and the `view` it was drawn with,
/// and the server moves the position there.
public struct PageMap: Sendable, Equatable {
    public var source: String
    public var alt: String
    public var width: Int
    public var height: Int
    /// The form a click submits to; nil for a map that is only a picture.
    public var action: String?
    public var fields: [PageField]
    /// The moving map's tile layer as JSON, when the server has Leaflet and
    /// tiles to give it; the picture stays for browsers without JavaScript.
    public var layer: String?
    /// The pins and position as JSON, where the map itself carries them (a
    /// detail page; a list's sit on its rows).
    var view: String?

    public init(
        source: String, alt: String, width: Int, height: Int, action: String? = nil, fields: [PageField] = [],
        layer: MovingMapLayer? = nil
    ) {
        self.source = source
        self.alt = alt
        self.width = width
        self.height = height
        self.action = action
        self.fields = fields
        self.layer = layer.map(MovingMapJSON.text)
    }
}

/// One place in a list: a row of the view model, with its link and pin number.
struct PageRow {
    var number: Int?
    var name: String
    var kind: String
    /// The street and the town (Google's `vicinity`).
    var address: String?
    var distance: String
    var status: String
    /// In search results, the name that matched where it is not `name`.
    var matchedName: String?
    /// "open", "closed" or "unknown", for the status's style.
    var statusClass: String
    var link: String

    init(_ row: PlaceRowViewModel, number: Int? = nil, state: PageState) {
        self.number = number
        name = row.name
        kind = row.kindName
        address = row.place.address?.short
        distance = row.distanceText
        status = row.openStatus.text
        matchedName = row.matchedNameText
        statusClass = Self.statusClass(row.openStatus.isOpen)
        link = state.link("/place/" + PageState.escaped(row.id))
    }

    static func statusClass(_ isOpen: Bool?) -> String {
        switch isOpen {
        case true?: "open"
        case false?: "closed"
        case nil: "unknown"
        }
    }
}

/// A street, an address or a town beside the places: the link lists what is around it.
struct PageAddress {
    var name: String
    var kind: String
    var rest: String?
    var distance: String?
    var link: String?

    init(_ row: AddressRowViewModel, state: PageState) {
        name = row.name
        kind = row.kindName
        rest = row.rest
        distance = row.distanceText
        link = row.coordinate.map { state.moved(to: $0).link("/") }
    }
}

/// A kind or group a person can pick, with the link that lists it.
struct PageChoice {
    var name: String
    var link: String
}
