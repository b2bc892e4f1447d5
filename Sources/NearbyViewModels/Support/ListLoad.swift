import NearbyKit
import NearbyService

/// What a list screen loads: the places, what the service says of its
/// data (attribution, default zone), and the address of the position they
/// are around, which the screen names it by.
struct ListLoad: Sendable {
    var hits: [PlaceHit]
    var dataset: DatasetInfo
    var origin: PostalAddress?

    static func fetch(_ query: PlaceQuery, from service: any PlaceWebService, language: String?) async throws(NearbyAPIError) -> ListLoad {
        // Typed throws do not pass through `async let`: call in order; the
        // dataset call and the address are cheap next to the search.
        let hits = try await service.fetchPlaces(query)
        let dataset = try await service.datasetInfo()
        let origin = try await service.address(at: query.center, language: language)?.address
        return ListLoad(hits: hits, dataset: dataset, origin: origin)
    }

    /// A list screen's loads: on each `loadData` event (after `started`), the
    /// places of `search` around the position at that moment, as
    /// `ViewModelEnvironment.reloads` delivers them.
    static func reloads(
        of search: PlaceSearch, on loadData: some Publisher<Void, Never>, at position: CurrentValueSubject<Coordinate, Never>,
        environment: ViewModelEnvironment, started: @escaping () -> Void
    ) -> AnyPublisher<Result<ListLoad, NearbyAPIError>, Never> {
        let service = environment.placeService
        let language = environment.language
        return environment.reloads(on: loadData.handleEvents(receiveOutput: { started() }).map { position.value }) {
            center async throws(NearbyAPIError) in
            try await fetch(search.moved(to: center).placeQuery, from: service, language: language)
        }
    }
}
