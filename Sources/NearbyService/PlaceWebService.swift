import NearbyKit

/// Where places come from, as the original app's web service was: the places
/// near a position, one place, and what the data is. Every call is
/// asynchronous, so that a file on this machine, a database and a server
/// across the network are interchangeable behind it.
public protocol PlaceWebService: Sendable {
    /// Places matching the query, nearest first, each with the distance the
    /// service measured (views show that distance; nobody measures it again).
    func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit]
    func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place
    /// Attribution, time zone, source extract and counts of the data served.
    func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo
    /// The address at a position (reverse geocoding), in `language` where
    /// the data names places in it; nil where nothing is known.
    func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress?
    /// Forward geocoding: the addresses, streets, areas and postcodes that
    /// answer a question in words, best first (`Geocoder`); empty where
    /// nothing does. A text that is no question is `invalidRequest`.
    func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate]
    /// The places one of whose numbers (`Place.phoneNumbersE164`) is `e164`,
    /// a number as libphonenumber writes it in E.164 (`+37793154862`), by id.
    func places(withPhoneNumber e164: String) async throws(NearbyAPIError) -> [Place]
}

extension PlaceWebService {
    /// Every place the service has, read through `fetchPlaces` and compared
    /// number by number: what a store with no index of phone numbers answers
    /// (each local store and PostGIS; the stores keep numbers as OSM writes
    /// them, and which country a national number is of needs the place's address).
    public func places(withPhoneNumber e164: String) async throws(NearbyAPIError) -> [Place] {
        // Half the equator around any point is the whole world.
        let middle = try await datasetInfo().center ?? PlaceSearch.nullIsland
        let everything = try await fetchPlaces(PlaceQuery(center: middle, radius: PlaceQuery.maximumRadius))
        return everything.map(\.place).filter { $0.phoneNumbersE164.contains(e164) }.sorted { $0.id < $1.id }
    }
}

/// A service whose data can be read again from its source (a file, a
/// database) on request: SIGHUP, a typed refresh, a changed file.
public protocol ReloadablePlaceService: PlaceWebService {
    /// Reads the source again and serves it from then on. A failure keeps
    /// the data served before.
    @discardableResult
    func reload() async throws(NearbyAPIError) -> DatasetInfo

    /// Whether the source has changed since it was last read (a file renamed
    /// over by `nearby import` or `nearby update`, or written in place), found
    /// with a `stat`: what `serve --watch-data` asks. A store read afresh on
    /// every call is never behind.
    func isBehindItsSource() -> Bool
}
