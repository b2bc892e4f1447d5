import NearbyKit

/// Reads its source again before every fetch, as `nearby feed` wants: each
/// refresh shows the data as it is now, whatever the file's stamp says, and
/// a refresh whose data is bad fails that fetch (the feed keeps the last
/// good screen) while the service keeps its last good data.
public struct ReloadingPlaceService: PlaceWebService {
    public let base: any ReloadablePlaceService

    public init(_ base: any ReloadablePlaceService) {
        self.base = base
    }

    public func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        try await base.reload()
        return try await base.fetchPlaces(query)
    }

    public func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        try await base.reload()
        return try await base.fetchPlace(id: id)
    }

    public func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        try await base.datasetInfo()
    }

    /// From the data the last fetch read: a refresh names its position from the same load.
    public func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        try await base.address(at: position, language: language)
    }

    public func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        try await base.geocode(request)
    }
}
