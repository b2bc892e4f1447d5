import Foundation
import NearbyKit
import NearbyService

/// Where a position is: its address, from the service's reverse geocoding,
/// and what the service said of its data. `nearby where` is its view.
public final class AddressViewModel: ObservableObject {
    // MARK: Inputs
    public let loadData = PassthroughSubject<Void, Never>()
    public let position: CurrentValueSubject<Coordinate, Never>

    // MARK: Outputs
    /// The address and each part's origin; nil where the data knows nothing.
    @Published public private(set) var address: ResolvedAddress?
    @Published public private(set) var dataset: DatasetInfo?
    /// Sent after the outputs above are up to date.
    public let didLoad: AnyPublisher<Result<Void, NearbyAPIError>, Never>

    private let loaded = PassthroughSubject<Result<Void, NearbyAPIError>, Never>()
    private var subscriptions = Set<AnyCancellable>()

    public init(position: Coordinate, environment: ViewModelEnvironment) {
        self.position = CurrentValueSubject(position)
        didLoad = loaded.eraseToAnyPublisher()
        let service = environment.placeService
        let language = environment.language
        let current = self.position
        environment
            .reloads(on: loadData.map { current.value }) { position async throws(NearbyAPIError) -> (ResolvedAddress?, DatasetInfo) in
                let address = try await service.address(at: position, language: language)
                return (address, try await service.datasetInfo())
            }
            .sink { [weak self] result in
                guard let self else { return }
                if case .success(let (address, info)) = result {
                    self.address = address
                    dataset = info
                }
                loaded.send(result.map { _ in () })
            }
            .store(in: &subscriptions)
    }
}
