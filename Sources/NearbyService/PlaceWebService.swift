import NearbyKit

/// Where places come from, as the original app's web service was: one call
/// for the places near a position, one for a single place. Results arrive as
/// publishers so that a local dataset and a remote server look alike.
public protocol PlaceWebService {
    /// Places matching the query, nearest first.
    func fetchPlaces(_ query: PlaceQuery) -> AnyPublisher<[Place], NearbyAPIError>
    func fetchPlace(id: PlaceID) -> AnyPublisher<Place, NearbyAPIError>
}
