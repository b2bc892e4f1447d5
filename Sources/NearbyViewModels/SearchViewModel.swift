import Foundation
import NearbyKit
import NearbyService

/// Search by name as a user types (the seeds' debounced search).
///
/// The input is the text as typed, one value per keystroke. It is debounced
/// (300 ms on the environment's scheduler), trimmed, deduplicated, and
/// fetched with the latest winning: an answer to an older text never
/// replaces a newer one. A text shorter than two characters fetches
/// nothing, cancels what is in flight, and sets the state back to idle.
/// A failure keeps the previous results and says why.
public final class SearchViewModel: ObservableObject {
    public enum State: Equatable, Sendable {
        case idle
        case searching
        case results
        case noResults
        case failed(NearbyAPIError)
    }

    // MARK: Inputs
    /// The search text as typed.
    public let text = PassthroughSubject<String, Never>()
    public let userCoordinate: CurrentValueSubject<Coordinate, Never>

    // MARK: Outputs
    @Published public private(set) var rows: [PlaceRowViewModel] = []
    @Published public private(set) var state = State.idle
    /// The text the current rows answer.
    @Published public private(set) var query = ""
    /// What the service said of its data on the last good search (attribution, zone).
    @Published public private(set) var dataset: DatasetInfo?
    /// When a place the results depend on next opens or closes: they hold until then.
    @Published public private(set) var nextChange: Date?

    public let radius: Double
    public let categories: Set<PlaceCategory>
    public let excludedCategories: Set<PlaceCategory>
    /// Only places open at the environment's `now`.
    public let openNowOnly: Bool

    /// How long typing must pause before a search goes out.
    public static let debounceMilliseconds = 300
    public static let minimumLength = 2

    private let limit: Int?
    private var subscriptions = Set<AnyCancellable>()

    public init(
        userCoordinate: Coordinate, radius: Double = PlaceQuery.defaultRadius, categories: Set<PlaceCategory> = [],
        excluding excludedCategories: Set<PlaceCategory> = [], limit: Int? = nil, openNowOnly: Bool = false,
        environment: ViewModelEnvironment
    ) {
        self.openNowOnly = openNowOnly
        self.limit = limit
        self.userCoordinate = CurrentValueSubject(userCoordinate)
        self.radius = radius
        self.categories = categories
        self.excludedCategories = excludedCategories

        let position = self.userCoordinate
        let service = environment.placeService
        let texts =
            text
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .debounce(for: .milliseconds(Self.debounceMilliseconds), scheduler: environment.mainScheduler)
            .removeDuplicates()
            .handleEvents(receiveOutput: { [weak self] text in
                self?.state = text.count < Self.minimumLength ? .idle : .searching
            })
        environment
            .reloads(on: texts.map { text in (text, position.value) }) { text, center async throws(NearbyAPIError) -> Found in
                guard text.count >= Self.minimumLength else { return Found(text: text, loaded: nil) }
                // Closed places are dropped after the fetch, so then the limit applies after it too.
                let query = PlaceQuery(
                    center: center, radius: radius, categories: categories, excludedCategories: excludedCategories,
                    keyword: text, limit: openNowOnly ? nil : limit)
                return Found(text: text, loaded: try await ListLoad.fetch(query, from: service))
            }
            .sink { [weak self] result in self?.apply(result, environment: environment) }
            .store(in: &subscriptions)
    }

    private struct Found: Sendable {
        var text: String
        /// Nil for a text too short to search.
        var loaded: ListLoad?
    }

    private func apply(_ result: Result<Found, NearbyAPIError>, environment: ViewModelEnvironment) {
        switch result {
        case .success(let found):
            query = found.text
            guard let loaded = found.loaded else {
                rows = []
                state = .idle
                return
            }
            let now = environment.now()
            dataset = loaded.dataset
            let all = loaded.hits.map { PlaceRowViewModel(hit: $0, at: now, environment: environment) }
            let open = all.filter { !openNowOnly || $0.openStatus.isOpen == true }
            rows = limit.map { Array(open.prefix($0)) } ?? open
            nextChange = openNowOnly ? all.nextChange : rows.nextChange
            state = rows.isEmpty ? .noResults : .results
        case .failure(let error):
            state = .failed(error)
        }
    }
}

extension SearchViewModel {
    /// The pins a map of the results shows.
    public var annotations: [Annotation] { rows.numberedAnnotations }
}
