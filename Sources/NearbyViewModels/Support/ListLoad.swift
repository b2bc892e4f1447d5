import NearbyKit
import NearbyService

/// What a list screen loads: the places, and what the service says of its
/// data (attribution, default zone), asked for side by side.
struct ListLoad: Sendable {
    var hits: [PlaceHit]
    var dataset: DatasetInfo

    static func fetch(_ query: PlaceQuery, from service: any PlaceWebService) async throws(NearbyAPIError) -> ListLoad {
        // Typed throws do not pass through `async let`: call in order; the
        // dataset call is cheap next to the search.
        let hits = try await service.fetchPlaces(query)
        return ListLoad(hits: hits, dataset: try await service.datasetInfo())
    }
}
