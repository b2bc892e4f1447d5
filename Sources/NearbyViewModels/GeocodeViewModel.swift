import Foundation
import NearbyKit
import NearbyService

/// What a question in words names: the addresses, streets, areas and
/// postcodes the service's forward geocoding answers, best first, and what
/// the service said of its data. `nearby where TEXT` is its view.
public final class GeocodeViewModel: ObservableObject {
    // MARK: Inputs
    public let loadData = PassthroughSubject<Void, Never>()
    public let request: CurrentValueSubject<GeocodeRequest, Never>

    // MARK: Outputs
    @Published public private(set) var candidates: [GeocodeCandidate] = []
    @Published public private(set) var dataset: DatasetInfo?
    /// Sent after the outputs above are up to date.
    public let didLoad: AnyPublisher<Result<Void, NearbyAPIError>, Never>

    private let loaded = PassthroughSubject<Result<Void, NearbyAPIError>, Never>()
    private var subscriptions = Set<AnyCancellable>()

    public init(request: GeocodeRequest, environment: ViewModelEnvironment) {
        self.request = CurrentValueSubject(request)
        didLoad = loaded.eraseToAnyPublisher()
        let service = environment.placeService
        let current = self.request
        environment
            .reloads(on: loadData.map { current.value }) { request async throws(NearbyAPIError) -> ([GeocodeCandidate], DatasetInfo) in
                (try await service.geocode(request), try await service.datasetInfo())
            }
            .sink { [weak self] result in
                guard let self else { return }
                if case .success(let (candidates, info)) = result {
                    self.candidates = candidates
                    dataset = info
                }
                loaded.send(result.map { _ in () })
            }
            .store(in: &subscriptions)
    }
}
