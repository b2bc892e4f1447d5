import Foundation
import NearbyKit
import NearbyService

/// One or a few categories' places, nearest first.
public final class PlaceListViewModel: ObservableObject {
    // MARK: Inputs
    public let loadData = PassthroughSubject<Void, Never>()
    public let userCoordinate: CurrentValueSubject<Coordinate, Never>

    // MARK: Outputs
    public let categories: [PlaceCategory]
    /// "Cafés", or "Cafés & Bars".
    public let title: String
    @Published public private(set) var rows: [PlaceRowViewModel] = []
    @Published public private(set) var isLoading = false
    @Published public private(set) var lastUpdated: Date?
    /// Sent after `rows` is up to date.
    public let reloadPlaceList: AnyPublisher<Result<Void, NearbyAPIError>, Never>

    private let limit: Int?
    private let openNowOnly: Bool
    private let environment: ViewModelEnvironment
    private let reloaded = PassthroughSubject<Result<Void, NearbyAPIError>, Never>()
    private var subscriptions = Set<AnyCancellable>()

    /// `initialPlaces`, when the caller already has them (the home screen
    /// does), are shown at once; `loadData` fetches afresh.
    public init(
        categories: Set<PlaceCategory>, userCoordinate: Coordinate, radius: Double = PlaceQuery.defaultRadius,
        limit: Int? = nil, openNowOnly: Bool = false, environment: ViewModelEnvironment, initialPlaces: [Place]? = nil
    ) {
        self.limit = limit
        self.openNowOnly = openNowOnly
        self.categories = PlaceCategory.allCases.filter(categories.contains)
        title = self.categories.map(\.displayName).joined(separator: " & ")
        self.userCoordinate = CurrentValueSubject(userCoordinate)
        self.environment = environment
        reloadPlaceList = reloaded.eraseToAnyPublisher()
        if let initialPlaces { show(initialPlaces) }

        let position = self.userCoordinate
        environment
            .reloads(on: loadData.handleEvents(receiveOutput: { [weak self] in self?.isLoading = true })) {
                environment.placeService.fetchPlaces(
                    // Closed places are dropped after the fetch, so the limit applies then.
                    PlaceQuery(center: position.value, radius: radius, categories: categories, limit: openNowOnly ? nil : limit))
            }
            .sink { [weak self] result in
                guard let self else { return }
                isLoading = false
                if case .success(let places) = result { show(places) }
                reloaded.send(result.map { _ in () })
            }
            .store(in: &subscriptions)
    }

    private func show(_ places: [Place]) {
        let now = environment.now()
        let rows = places
            .map { PlaceRowViewModel(place: $0, from: userCoordinate.value, at: now, environment: environment) }
            .filter { !openNowOnly || $0.openStatus.isOpen == true }
        self.rows = limit.map { Array(rows.prefix($0)) } ?? rows
        lastUpdated = now
    }
}

extension PlaceListViewModel {
    /// The pins a map of this list shows.
    public var annotations: [Annotation] { rows.map(\.annotation) }
}
