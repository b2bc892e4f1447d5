import Foundation
import NearbyKit
import NearbyService

/// `POST /v1/places:searchNearby`'s body, read into the one search value
/// (`PlaceSearch`) and what it cannot hold: the primary-type filters and
/// the page's size and offset. Its canonical form is what a page token
/// carries (`PlacesAPINewPageToken`), read back by this same reader, so a token can
/// ask for nothing a request cannot.
public struct SearchNearbyRequest: PlacesAPINewPagedRequest, Equatable {
    public static let fields: Set<String> = [
        "languageCode", "regionCode", "includedTypes", "excludedTypes", "includedPrimaryTypes", "excludedPrimaryTypes",
        "maxResultCount", "locationRestriction", "rankPreference", "routingParameters", "includeFutureOpeningBusinesses",
        // nearby's extension: every match can be read, page by page.
        "pageToken",
    ]
    static let rankings = ["RANK_PREFERENCE_UNSPECIFIED", "DISTANCE", "POPULARITY"]

    public internal(set) var search: PlaceSearch
    /// The circle's radius as asked: 0 (which Google allows) holds no place.
    public internal(set) var radius: Double
    /// The types as named, in the order given: a token names them again.
    var includedTypes: [String] = []
    var excludedTypes: [String] = []
    var includedPrimaryTypes: [String] = []
    var excludedPrimaryTypes: [String] = []
    /// The same, read through Google's table.
    var included = PlacesAPINewPlaceTypeSet(types: [])
    var excluded = PlacesAPINewPlaceTypeSet(types: [])
    var includedPrimary = PlacesAPINewPlaceTypeSet(types: [])
    var excludedPrimary = PlacesAPINewPlaceTypeSet(types: [])
    /// Results per page, 1 to 20 (Google's `maxResultCount`).
    public internal(set) var pageSize = 20
    /// Where the page starts in the whole answer (nearby's paging).
    public var offset = 0

    public static func read(_ object: ProtoJSONObject) throws(RPCError) -> SearchNearbyRequest {
        guard let restriction = try object.object("locationRestriction", fields: ["circle"]),
            let circle = try restriction.object("circle", fields: ["center", "radius"])
        else { throw .invalidArgument("locationRestriction.circle is required") }
        let (coordinate, metres) = try PlacesAPINewShapes.circle(
            circle, field: "locationRestriction.circle", maximumRadius: SearchRadius.maximumMetres)
        var request = SearchNearbyRequest(search: PlaceSearch(around: coordinate, radius: .maximum), radius: metres)
        if metres > 0 {
            do {
                request.search.area = .circle(center: coordinate, radius: try SearchRadius(metres: metres))
            } catch {
                throw .invalidArgument("locationRestriction.circle.radius: \(error.localizedDescription)")
            }
        }

        request.includedTypes = try object.strings("includedTypes")
        request.excludedTypes = try object.strings("excludedTypes")
        request.includedPrimaryTypes = try object.strings("includedPrimaryTypes")
        request.excludedPrimaryTypes = try object.strings("excludedPrimaryTypes")
        for (included, excluded) in [
            (request.includedTypes, request.excludedTypes), (request.includedPrimaryTypes, request.excludedPrimaryTypes),
        ] {
            if let both = included.first(where: excluded.contains) {
                throw .invalidArgument("Type \(TerminalSafeText.escaped(both, limit: 60)) is both included and excluded")
            }
        }
        request.included = try PlacesAPINewPlaceTypes.read(request.includedTypes, field: "includedTypes")
        request.excluded = try PlacesAPINewPlaceTypes.read(request.excludedTypes, field: "excludedTypes")
        request.includedPrimary = try PlacesAPINewPlaceTypes.read(request.includedPrimaryTypes, field: "includedPrimaryTypes")
        request.excludedPrimary = try PlacesAPINewPlaceTypes.read(request.excludedPrimaryTypes, field: "excludedPrimaryTypes")
        // The service narrows by kind; the tags a type narrows by more are read by `admits`.
        request.search.kinds = request.included.kinds
        request.search.excludedKinds = request.excluded.wholeKinds

        if let count = try object.int("maxResultCount"), count != 0 {
            guard (1...20).contains(count) else { throw .invalidArgument("maxResultCount must be between 1 and 20, inclusive") }
            request.pageSize = count
        }
        let ranking = try object.enumeration("rankPreference", names: rankings) ?? 0
        request.search.ranking = ranking == 1 ? .distance : .prominence
        request.search.language = try PlacesAPINewLanguageCode.read(object.string("languageCode"))
        // Accepted, and changing nothing: regionCode formats addresses as a region would,
        // routingParameters asks for travel times, includeFutureOpeningBusinesses for places
        // not open yet (OpenStreetMap does not map those as places).
        _ = try object.string("regionCode")
        _ = try object.object("routingParameters", fields: ["origin", "travelMode", "routeModifiers", "routingPreference"])
        _ = try object.bool("includeFutureOpeningBusinesses")
        return request
    }

    public var matchesNothing: Bool {
        radius == 0 || included.matchesNothing || includedPrimary.matchesNothing
    }

    /// searchNearby has no text.
    public var readsQuestion: (reads: Bool, restricted: Bool) { (false, true) }

    public func admits(_ place: Place) -> Bool {
        (included.isEmpty || included.matches(place)) && !excluded.matches(place)
            && (includedPrimary.isEmpty || includedPrimary.matches(place, primary: true))
            && !excludedPrimary.matches(place, primary: true)
    }

    public var canonicalBody: Data {
        struct Body: Encodable {
            struct Circle: Encodable {
                let center: PlacesAPINewShapes.LatLng
                let radius: Double
            }
            let locationRestriction: [String: Circle]
            let includedTypes, excludedTypes, includedPrimaryTypes, excludedPrimaryTypes: [String]
            let maxResultCount: Int
            let rankPreference: String
            let languageCode: String?
        }
        let body = Body(
            locationRestriction: ["circle": .init(center: .init(search.center), radius: radius)],
            includedTypes: includedTypes, excludedTypes: excludedTypes, includedPrimaryTypes: includedPrimaryTypes,
            excludedPrimaryTypes: excludedPrimaryTypes, maxResultCount: pageSize,
            rankPreference: search.ranking == .distance ? "DISTANCE" : "POPULARITY", languageCode: search.language)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(body)) ?? Data()
    }
}
