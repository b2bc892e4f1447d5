import Foundation
import MapRender
import NearbyKit
import NearbyService
import NearbyViews

/// What a web page was asked for, read strictly from its query string:
/// `lat`/`lon` (or `near`, a place in words), `radius`, `category`/`exclude`
/// (kinds or groups, repeated or comma-separated), `open`, `at`, `units`, `lang`, `q`, and a click on a
/// map (`map.x`, `map.y`, `view`). Unknown parameters are ignored, as a
/// browser's form may send its buttons; a bad value is a 400 page. Without
/// `lang`, the language is the browser's `Accept-Language`.
public struct PageRequest: Sendable {
    /// A click on a map image: the pixel and the view it was drawn with.
    public struct Click: Sendable {
        public internal(set) var x: Double
        public internal(set) var y: Double
        public internal(set) var view: PageMapView
    }

    public internal(set) var position: Coordinate?
    /// `near=`: a street, an address or a town in words, where the position is to be
    /// (the page redirects to the position the geocoder finds, as `--near` reads it).
    public internal(set) var near: String?
    public internal(set) var radius: SearchRadius?
    /// The kinds as given (a link passes them on so), and as read.
    public internal(set) var kinds: [String]
    public internal(set) var excluded: [String]
    public internal(set) var categories: Set<PlaceCategory>
    public internal(set) var excludedCategories: Set<PlaceCategory>
    public internal(set) var openNow: Bool
    public internal(set) var at: String?
    public internal(set) var instant: Date?
    public internal(set) var units: DistanceUnit?
    /// `lang`, else the one `Accept-Language` prefers (`languageIsAsked` false).
    public internal(set) var language: String?
    public internal(set) var languageIsAsked: Bool
    public internal(set) var text: String
    public internal(set) var click: Click?
    /// `part=results`: only the rows or the search results, for the pages' scripts.
    public internal(set) var resultsOnly: Bool
    /// Everything as given, to rebuild the address after a click.
    let parameters: QueryParameters

    /// The parameters that change what a page shows.
    static let known: Set<String> = ["lat", "lon", "radius", "category", "exclude", "open", "at", "units", "lang", "q", "part"]

    /// What the page cache keeps this request's page under: the known
    /// parameters only, in a fixed order (a name's values keep theirs), so
    /// that junk parameters (`key=`, a cache-buster) neither miss the cache
    /// nor fill it with copies; and the language `Accept-Language` chose
    /// where `lang=` names none, since it changes the page as `lang=` does.
    var cacheKey: String {
        let key = parameters.pairs.filter { Self.known.contains($0.name) }.enumerated()
            .sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            .map { "\($0.element.name)=\($0.element.value)" }.joined(separator: "&")
        guard !languageIsAsked, let language else { return key }
        // First, where no known parameter's name can stand: a value cannot make another key.
        return "Accept-Language: \(language)\n" + key
    }

    init(query: String?, localZone: TimeZone, acceptLanguage: String? = nil) throws(NearbyAPIError) {
        let parameters = try RequestParsing.parameters(query)
        self.parameters = parameters
        switch (parameters["lat"].flatMap(Self.nonEmpty), parameters["lon"].flatMap(Self.nonEmpty)) {
        case (nil, nil):
            position = nil
        case (nil, _):
            throw .invalidRequest("lon needs lat: give both, in decimal degrees")
        case (_, nil):
            throw .invalidRequest("lat needs lon: give both, in decimal degrees")
        case (let lat?, let lon?):
            guard let latitude = DecimalText.value(lat), let longitude = DecimalText.value(lon)
            else {
                throw .invalidRequest("lat and lon must be decimal degrees, such as lat=43.7384&lon=7.4246")
            }
            do {
                position = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw .invalidRequest("that position is not on Earth: \(error.localizedDescription)")
            }
        }
        near = parameters["near"].flatMap(Self.nonEmpty)
        if let near {
            guard position == nil else { throw .invalidRequest("give near or lat and lon, not both") }
            do {
                _ = try Question.read(near)
            } catch {
                throw .invalidRequest("near: \(error.description)")
            }
        }
        radius = try parameters["radius"].flatMap(Self.nonEmpty).map { text throws(NearbyAPIError) in
            try SearchParameters.radius(text)
        }
        kinds = KindList.names(parameters.all("category"))
        excluded = KindList.names(parameters.all("exclude"))

        switch parameters["open"] {
        case nil, "", "0", "false", "off": openNow = false
        case "1", "true", "on": openNow = true
        default: throw .invalidRequest("open must be 1 or 0")
        }
        at = parameters["at"].flatMap(Self.nonEmpty)
        instant = try at.map { text throws(NearbyAPIError) in try SearchParameters.instant(text, localZone: localZone) }
        if let text = parameters["units"].flatMap(Self.nonEmpty) {
            guard let unit = DistanceUnit(rawValue: text) else { throw .invalidRequest("units must be mi or km") }
            units = unit
        }
        let asked = try SearchParameters.language(parameters["lang"])
        languageIsAsked = asked != nil
        language = asked ?? AcceptLanguage.preferred(acceptLanguage)
        categories = try SearchParameters.kinds(kinds, parameter: "category", language: language)
        excludedCategories = try SearchParameters.kinds(excluded, parameter: "exclude", language: language)
        text = (parameters["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count <= PlaceSearch.maximumNameBytes else {
            throw .invalidRequest("the search text is longer than \(PlaceSearch.maximumNameBytes) bytes")
        }
        resultsOnly = parameters["part"] == "results"
        if let x = parameters["map.x"], let y = parameters["map.y"] {
            guard let column = DecimalText.value(x), let row = DecimalText.value(y), column >= 0, row >= 0, column <= 4096, row <= 4096
            else {
                throw .invalidRequest("map.x and map.y must be the pixel clicked on the map")
            }
            guard let view = parameters["view"].flatMap(PageMapView.init(parameter:)) else {
                throw .invalidRequest("a click on a map needs the view it was drawn with (view=LAT,LON,ZOOM)")
            }
            click = Click(x: column, y: row, view: view)
        }
    }

    /// The search a page shows around `position`: the kinds, the filters
    /// and the instant asked for (the text is what the user types).
    public func search(around position: Coordinate) -> PlaceSearch {
        PlaceSearch(
            area: .circle(center: position, radius: radius ?? .default), kinds: categories, excludedKinds: excludedCategories,
            openNow: openNow, instant: instant, language: language)
    }

    /// What the page's links carry; `fallback` stands in for a missing position.
    func state(fallback: Coordinate?) -> PageState {
        PageState(
            position: position ?? fallback, positionIsDefault: position == nil, radius: radius?.metres, at: at,
            units: units, language: language)
    }

    /// The address after a click or a `near=`: every parameter as given, but
    /// the position moved to `position` and the click (or the words) left out.
    public func address(path: String, movedTo position: Coordinate) -> String {
        var items = parameters.pairs.filter { !["lat", "lon", "near", "map.x", "map.y", "view", "part"].contains($0.name) }
        items.insert(("lon", String(format: "%.6f", position.longitude)), at: 0)
        items.insert(("lat", String(format: "%.6f", position.latitude)), at: 0)
        return path + "?" + items.map { "\(PageState.escaped($0.name))=\(PageState.escaped($0.value))" }.joined(separator: "&")
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Where a page's map was drawn — its centre and zoom — carried in the
/// map's form as `view=LAT,LON,ZOOM`, so a click can be turned into a position.
public struct PageMapView: Sendable, Equatable {
    public internal(set) var centre: Coordinate
    public internal(set) var zoom: Int

    init(centre: Coordinate, zoom: Int) {
        self.centre = centre
        self.zoom = zoom
    }

    init?(parameter: String) {
        let parts = parameter.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3, let lat = DecimalText.value(parts[0]), let lon = DecimalText.value(parts[1]),
            let zoom = Int(parts[2]), (0...MapViewport.maximumZoom).contains(zoom),
            let centre = try? Coordinate(latitude: lat, longitude: lon)
        else { return nil }
        self.init(centre: centre, zoom: zoom)
    }

    public var parameter: String { String(format: "%.7f,%.7f,%d", centre.latitude, centre.longitude, zoom) }
}
