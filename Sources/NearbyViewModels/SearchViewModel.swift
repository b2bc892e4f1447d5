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
    /// The streets, addresses and towns that answer every word typed, best
    /// first as the geocoder ranks them (leaning to the position): where the
    /// person may mean to go rather than what to find.
    @Published public private(set) var addresses: [AddressRowViewModel] = []
    @Published public private(set) var state = State.idle
    /// The text the current rows answer.
    @Published public private(set) var query = ""
    /// What the service said of its data on the last good search (attribution, zone).
    @Published public private(set) var dataset: DatasetInfo?
    /// The address of the position searched from, on the last good search.
    @Published public private(set) var origin: PostalAddress?
    /// When a place the results depend on next opens or closes: they hold until then.
    @Published public private(set) var nextChange: Date?
    /// The search the rows answer: `search` from the position, gone where
    /// the text said ("cafes in Monte-Carlo": that district's box).
    @Published public private(set) var searched: PlaceSearch?

    /// What is searched besides the text: the position the user starts at,
    /// the radius, the kinds, the limit and open-now.
    public let search: PlaceSearch
    public var radius: Double { search.radius.metres }
    public var categories: Set<PlaceCategory> { search.kinds }
    public var excludedCategories: Set<PlaceCategory> { search.excludedKinds }
    /// Only places open at the environment's `now`.
    public var openNowOnly: Bool { search.openNow }

    /// How long typing must pause before a search goes out.
    public static let debounceMilliseconds = 300
    public static let minimumLength = 2
    /// At most this many streets, addresses and towns are suggested above the places.
    public static let addressLimit = 3

    private var limit: Int? { search.limit }
    private var subscriptions = Set<AnyCancellable>()

    public init(search: PlaceSearch, environment: ViewModelEnvironment) {
        self.search = search
        self.userCoordinate = CurrentValueSubject(search.center)

        let position = self.userCoordinate
        let service = environment.placeService
        let language = environment.language
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
                guard text.count >= Self.minimumLength else { return Found(text: text, center: center, loaded: nil) }
                var typed = search.moved(to: center)
                typed.name = text
                // "cafes in Monte-Carlo": a place named in the text is where the search goes.
                typed = try await typed.readingQuestion(from: service, keepingArea: false)
                var loaded = try await ListLoad.fetch(typed.placeQuery, from: service, language: language)
                // A rectangle is searched as the circle around it: what lies outside it is left out here.
                loaded.hits = typed.arranged(loaded.hits)
                // Suggestions beside the places: a text the geocoder cannot read still lists them.
                let question = GeocodeRequest.typed(text, leaningTo: center, language: language, limit: Self.addressLimit)
                let addresses = (try? await service.geocode(question))?.filter { !$0.partialMatch } ?? []
                return Found(text: text, center: center, loaded: loaded, search: typed, addresses: addresses)
            }
            .sink { [weak self] result in self?.apply(result, environment: environment) }
            .store(in: &subscriptions)
    }

    private struct Found: Sendable {
        var text: String
        var center: Coordinate
        /// Nil for a text too short to search.
        var loaded: ListLoad?
        var search: PlaceSearch?
        var addresses: [GeocodeCandidate] = []
    }

    private func apply(_ result: Result<Found, NearbyAPIError>, environment: ViewModelEnvironment) {
        switch result {
        case .success(let found):
            query = found.text
            addresses = found.addresses.map { AddressRowViewModel(candidate: $0, from: found.center, environment: environment) }
            guard let loaded = found.loaded else {
                rows = []
                state = .idle
                return
            }
            let now = environment.now()
            dataset = loaded.dataset
            origin = loaded.origin
            searched = found.search
            // The words the store matched against names: the text less what the question reader took as kinds and places.
            let nameQuery = NameQuery(found.search?.name ?? "")
            let all = loaded.hits.map { hit in
                var row = PlaceRowViewModel(hit: hit, at: now, environment: environment)
                row.matchedName = nameQuery.matchedName(of: hit.place, shown: row.name)
                return row
            }
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
