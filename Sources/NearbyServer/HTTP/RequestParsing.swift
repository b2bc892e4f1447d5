import Foundation
import MapRender
import NearbyService

/// What the routes read from a request's text, in one place: the handlers
/// call these, and so do the fuzz harness (Fuzz/Sources/ServerFuzzer) and
/// the tests, without a server. Each refusal is the typed error the route
/// answers with.
public enum RequestParsing {
    /// `nearbysearch`: the page asked for, a new search at offset 0 or the
    /// page a `pagetoken` stands for. As Google, a token stands for the
    /// whole query: the other parameters are then ignored. `localZone` reads
    /// an `at=` without an offset (the dataset's zone).
    public static func nearbySearch(query: String?, localZone: TimeZone = .gmt) throws(NearbyAPIError) -> PageToken {
        let parameters = try self.parameters(query)
        if let text = parameters["pagetoken"] { return try PageToken(encoded: text) }
        return PageToken(search: try NearbySearchQuery.search(parameters, localZone: localZone), offset: 0)
    }

    /// `textsearch`: the page asked for, a new search at offset 0 or the page a `pagetoken` stands for
    /// (`TextSearchPage`); its query is checked as a question here, and read as one when answered.
    public static func textSearch(query: String?, localZone: TimeZone = .gmt) throws(NearbyAPIError) -> TextSearchPage {
        try TextSearchPage(parameters(query), localZone: localZone)
    }

    /// `findplacefromtext`: the text or phone number, the fields, the bias and the language.
    public static func findPlace(query: String?) throws(NearbyAPIError) -> FindPlaceRequest {
        try FindPlaceRequest(parameters(query))
    }

    /// `autocomplete` (`queries` false) and `queryautocomplete`: the text typed so far, where, and what may answer.
    public static func autocomplete(query: String?, queries: Bool) throws(NearbyAPIError) -> PlaceAutocompleteQuery {
        try PlaceAutocompleteQuery(parameters(query), queries: queries)
    }

    /// `staticmap`: Google's Static Maps parameters, percent-decoded strictly.
    public static func staticMap(query: String?) throws(StaticMapError) -> StaticMapRequest {
        let parameters: QueryParameters
        do {
            parameters = try QueryParameters(query.map { Substring($0) })
        } catch {
            throw .malformed(parameter: error.parameter, value: error.text, expected: "percent-encoded UTF-8")
        }
        return try StaticMapRequest(parameters: parameters.pairs)
    }

    /// `geocode`: the position (or place) whose address is asked, and the filters.
    public static func geocode(query: String?) throws(NearbyAPIError) -> GeocodeQuery {
        try GeocodeQuery(parameters(query))
    }

    /// A web page's parameters (`/`, `/places`, `/place/{id}`, `/search` and their maps).
    public static func page(query: String?, localZone: TimeZone = .gmt, acceptLanguage: String? = nil) throws(NearbyAPIError)
        -> PageRequest
    {
        try PageRequest(query: query, localZone: localZone, acceptLanguage: acceptLanguage)
    }

    /// `/tiles/{z}/{x}/{y}.png`: the three path segments the router captured.
    public static func tile(z: String?, x: String?, y: String?) throws(TilePath.Problem) -> TileKey {
        try TilePath.key(z: z, x: x, y: y)
    }

    /// A tile's `clear=` (`TilePath.clearance`), or the refusal of one that is not boxes.
    public static func tileClearance(query: String?, of key: TileKey) throws(NearbyAPIError) -> LabelClearance {
        guard let clearance = TilePath.clearance(try parameters(query)["clear"], of: key) else {
            throw .invalidRequest(
                "clear= must be at most \(TilePath.maximumClearBoxes) boxes X1,Y1,X2,Y2 of whole pixels from the tile's corner, "
                    + "X1 < X2 and Y1 < Y2, within \(TilePath.clearReach) of the tile, separated by ';'")
        }
        return clearance
    }

    /// The query's parameters, or the Places API's refusal of a malformed one.
    static func parameters(_ query: String?) throws(NearbyAPIError) -> QueryParameters {
        do {
            return try QueryParameters(query.map { Substring($0) })
        } catch {
            throw .invalidRequest("malformed percent-encoding or UTF-8 in the parameter \(error.parameter)")
        }
    }
}
