import Foundation
import NearbyKit
import NearbyService

/// `POST /v1/places:searchText`'s body, read into the one search value: the
/// text is nearby's name and kind search (every word must match a word of a
/// name or of the kind, case and accents ignored, one typo allowed in a long
/// word), `locationRestriction` a rectangle, `locationBias` where distances
/// are measured from. Read back from its page token by this same reader.
public struct SearchTextRequest: PlacesAPINewPagedRequest, Equatable {
    public static let fields: Set<String> = [
        "textQuery", "languageCode", "regionCode", "rankPreference", "includedType", "openNow", "minRating",
        "maxResultCount", "pageSize", "pageToken", "priceLevels", "strictTypeFiltering", "locationBias",
        "locationRestriction", "evOptions", "routingParameters", "searchAlongRouteParameters",
        "includePureServiceAreaBusinesses", "includeFutureOpeningBusinesses",
    ]
    static let rankings = ["RANK_PREFERENCE_UNSPECIFIED", "DISTANCE", "RELEVANCE"]
    static let priceLevels = [
        "PRICE_LEVEL_UNSPECIFIED", "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
        "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]

    public internal(set) var search: PlaceSearch
    var includedType: String?
    /// `includedType` read through Google's table.
    var type = PlacesAPINewPlaceTypeSet(types: [])
    /// The area as asked, for the canonical body: a rectangle restricts, a bias only leans.
    var restriction: (low: Coordinate, high: Coordinate)?
    var bias: Coordinate?
    public internal(set) var pageSize = 20
    public var offset = 0

    public static func == (a: SearchTextRequest, b: SearchTextRequest) -> Bool {
        a.search == b.search && a.includedType == b.includedType && a.pageSize == b.pageSize && a.offset == b.offset
            && a.bias == b.bias && a.restriction?.low == b.restriction?.low && a.restriction?.high == b.restriction?.high
    }

    public static func read(_ object: ProtoJSONObject) throws(RPCError) -> SearchTextRequest {
        guard let text = try object.string("textQuery")?.trimmed(), !text.isEmpty else {
            throw .invalidArgument("textQuery is required")
        }
        guard text.utf8.count <= NearbySearchQuery.maximumKeywordBytes else {
            throw .invalidArgument("textQuery is longer than \(NearbySearchQuery.maximumKeywordBytes) bytes")
        }
        var request = SearchTextRequest(search: PlaceSearch(area: .anywhere(origin: nil), name: String(text)))
        if let restriction = try object.object("locationRestriction", fields: ["rectangle"]) {
            guard let rectangle = try restriction.object("rectangle", fields: ["low", "high"]) else {
                throw .invalidArgument("locationRestriction takes a rectangle")
            }
            let corners = try PlacesAPINewShapes.rectangle(rectangle, field: "locationRestriction.rectangle")
            request.restriction = corners
            request.search.area = .rectangle(low: corners.low, high: corners.high)
        }
        if let bias = try object.object("locationBias", fields: ["circle", "rectangle"]) {
            request.bias = PlaceSearch(area: try PlacesAPINewShapes.area(bias, field: "locationBias")).center
        }
        guard request.restriction == nil || request.bias == nil else {
            throw .invalidArgument("locationBias and locationRestriction cannot both be given")
        }
        if request.restriction == nil { request.search.area = .anywhere(origin: request.bias) }

        if let type = try object.string("includedType"), !type.isEmpty {
            request.includedType = type
            request.type = try PlacesAPINewPlaceTypes.read([type], field: "includedType")
            request.search.kinds = request.type.kinds
        }
        _ = try object.bool("strictTypeFiltering")
        request.search.openNow = try object.bool("openNow") ?? false
        // pageSize, else the deprecated maxResultCount that older clients send.
        let pageSize = try object.int("pageSize")
        let maxResultCount = try object.int("maxResultCount")
        if let size = pageSize ?? maxResultCount, size != 0 {
            guard (1...20).contains(size) else { throw .invalidArgument("pageSize must be between 1 and 20, inclusive") }
            request.pageSize = size
        }
        let ranking = try object.enumeration("rankPreference", names: rankings) ?? 0
        request.search.ranking = ranking == 1 ? .distance : .relevance
        request.search.language = try PlacesAPINewLanguageCode.read(object.string("languageCode"))
        // Accepted, changing nothing: OSM has no ratings or prices to filter by, nor service-area
        // businesses, future openings or EV charger availability; routes are not planned here.
        if let rating = try object.double("minRating"), !(0...5).contains(rating) {
            throw .invalidArgument("minRating must be between 0.0 and 5.0, inclusive")
        }
        for level in try object.strings("priceLevels") where !priceLevels.contains(level) {
            throw .invalidArgument("priceLevels: unknown price level \(TerminalSafeText.escaped(level, limit: 40))")
        }
        _ = try object.string("regionCode")
        _ = try object.bool("includePureServiceAreaBusinesses")
        _ = try object.bool("includeFutureOpeningBusinesses")
        _ = try object.object("evOptions", fields: ["minimumChargingRateKw", "connectorTypes"])
        _ = try object.object("routingParameters", fields: ["origin", "travelMode", "routeModifiers", "routingPreference"])
        _ = try object.object("searchAlongRouteParameters", fields: ["polyline"])
        return request
    }

    /// Text with no word to search for ("!!!") finds nothing, rather than every place there is.
    public var matchesNothing: Bool { SearchWords.of(search.name ?? "").isEmpty || type.matchesNothing }

    public func admits(_ place: Place) -> Bool { type.isEmpty || type.matches(place) }

    /// "pizza in Vaduz": a place named in the text restricts to it, unless `locationRestriction` does.
    public var readsQuestion: (reads: Bool, restricted: Bool) { (true, restriction != nil) }

    public var canonicalBody: Data {
        typealias LatLng = PlacesAPINewShapes.LatLng
        struct Rectangle: Encodable {
            let low: LatLng
            let high: LatLng
        }
        struct Circle: Encodable {
            let center: LatLng
            let radius: Double
        }
        struct Body: Encodable {
            let textQuery: String
            let includedType: String?
            let openNow: Bool
            let pageSize: Int
            let rankPreference: String
            let languageCode: String?
            let locationRestriction: [String: Rectangle]?
            let locationBias: [String: Circle]?
        }
        let body = Body(
            textQuery: search.name ?? "", includedType: includedType, openNow: search.openNow, pageSize: pageSize,
            rankPreference: search.ranking == .distance ? "DISTANCE" : "RELEVANCE", languageCode: search.language,
            locationRestriction: restriction.map { ["rectangle": Rectangle(low: LatLng($0.low), high: LatLng($0.high))] },
            locationBias: bias.map { ["circle": Circle(center: LatLng($0), radius: 0)] })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(body)) ?? Data()
    }
}
