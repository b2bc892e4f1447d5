import Foundation
import NearbyKit
import NearbyService

/// Google's textsearch parameters, translated into a `PlaceSearch` whose
/// name is the question as typed (`query`, read as a question in words,
/// `Question.read`, when answered: `PlaceSearch.readingQuestion`), and the
/// page asked for. `location` (with or without `radius`) is a bias, as at
/// Google: distances are measured from it and equal matches come nearest
/// first, but nothing beyond `radius` is left out. `type`, `opennow`, `at`
/// and `language` are nearbysearch's. Others are accepted and ignored, as
/// clients send them: `key`, `region`, and `minprice`/`maxprice` (OSM has no
/// prices; Google's Python client sends `minprice=None&maxprice=None`).
/// A page token is nearbysearch's scheme (`PageToken`) over these parameters.
public struct TextSearchPage: Hashable, Sendable {
    public internal(set) var search: PlaceSearch
    /// The first result of the page: a multiple of `PageToken.pageSize`.
    public internal(set) var offset: Int

    init(search: PlaceSearch, offset: Int) {
        self.search = search
        self.offset = offset
    }

    /// The page asked for: a new search at offset 0, or the page a `pagetoken` stands for (the other parameters then ignored).
    init(_ parameters: QueryParameters, localZone: TimeZone) throws(NearbyAPIError) {
        if let text = parameters["pagetoken"] {
            let (held, offset) = try PageToken.read(text)
            guard held["query"] != nil, let search = try? Self.search(held, localZone: .gmt) else { throw PageToken.invalid }
            self.init(search: search, offset: offset)
        } else {
            self.init(search: try Self.search(parameters, localZone: localZone), offset: 0)
        }
    }

    public var encoded: String {
        var items: [(name: String, value: String)] = [("query", search.name ?? "")]
        if case .anywhere(let origin?) = search.area {
            items.append(
                ("location", "\(NearbySearchParameters.decimal(origin.latitude)),\(NearbySearchParameters.decimal(origin.longitude))"))
        }
        if !search.kinds.isEmpty { items.append(("type", search.kinds.map(\.rawValue).sorted().joined(separator: ","))) }
        if search.openNow { items.append(("opennow", "true")) }
        if let instant = search.instant { items.append(("at", InstantParser.string(for: instant))) }
        if let language = search.language { items.append(("language", language)) }
        return PageToken.encoded(query: PercentEncoding.query(items), offset: offset)
    }

    static func search(_ parameters: QueryParameters, localZone: TimeZone) throws(NearbyAPIError) -> PlaceSearch {
        guard let query = parameters["query"] else { throw .invalidRequest("missing the query parameter (query=TEXT)") }
        do {
            _ = try Question.read(query)
        } catch {
            throw .invalidRequest("query: \(error.description)")
        }
        let origin = try parameters["location"].map { text throws(NearbyAPIError) in try SearchParameters.location(text) }
        if let radius = parameters["radius"] {
            guard origin != nil else { throw .invalidRequest("radius needs a location to be around") }
            _ = try SearchParameters.radius(radius)
        }
        var search = PlaceSearch(area: .anywhere(origin: origin), name: String(query.trimmed()))
        search.kinds = try SearchParameters.kinds(parameters.all("type"), parameter: "type")
        search.openNow = try SearchParameters.openNow(parameters["opennow"])
        search.instant = try parameters["at"].map { text throws(NearbyAPIError) in
            try SearchParameters.instant(text, localZone: localZone)
        }
        search.language = try SearchParameters.language(parameters["language"])
        return search
    }
}
