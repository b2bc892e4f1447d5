import Foundation
import NearbyKit
import NearbyService

/// The home screen: everything around the user, grouped by kind.
///
/// Inputs are events (`loadData` for the first load and every refresh,
/// `selectGroup` when a group of the category row is picked) and the user's position;
/// outputs are the published sections and loading state, and the
/// `reloadPlaceList` stream a view listens to for success or failure.
/// A failed refresh publishes the error and keeps the last good sections.
public final class HomeViewModel: ObservableObject {
    // MARK: Inputs
    public let loadData = PassthroughSubject<Void, Never>()
    public let userCoordinate: CurrentValueSubject<Coordinate, Never>
    public let selectGroup = PassthroughSubject<PlaceCategoryGroup, Never>()

    // MARK: Outputs
    @Published public private(set) var sections: [HomeSection] = []
    @Published public private(set) var isLoading = false
    /// How many places the last good load found.
    @Published public private(set) var placeCount = 0
    /// When the last good load finished, by the environment's clock.
    @Published public private(set) var lastUpdated: Date?
    /// What the service said of its data on the last good load (attribution, zone).
    @Published public private(set) var dataset: DatasetInfo?
    /// The address of the position searched from, on the last good load.
    @Published public private(set) var origin: PostalAddress?
    /// When a place the screen depends on next opens or closes, by the
    /// environment's clock: what it shows holds until then. Nil: for ever.
    @Published public private(set) var nextChange: Date?
    /// Sent after the outputs above are up to date.
    public let reloadPlaceList: AnyPublisher<Result<Void, NearbyAPIError>, Never>
    /// The list for a picked group, seeded with the places already loaded.
    public let showPlaceList: AnyPublisher<PlaceListViewModel, Never>

    /// What the screen shows: every kind but those left out, around the user's position.
    public let search: PlaceSearch
    public var radius: Double { search.radius.metres }
    /// Only places open at the environment's `now`.
    public var openNowOnly: Bool { search.openNow }
    /// Kinds left out of every section.
    public var excludedCategories: Set<PlaceCategory> { search.excludedKinds }
    /// How many places each group's section shows: the search's limit.
    public var perSection: Int { search.limit ?? Self.defaultPlacesPerSection }
    public static let defaultPlacesPerSection = 3

    private let hits = CurrentValueSubject<[PlaceHit], Never>([])
    private let reloaded = PassthroughSubject<Result<Void, NearbyAPIError>, Never>()
    private var subscriptions = Set<AnyCancellable>()

    /// `search` names the position the user starts at, the radius, the kinds
    /// left out and open-now; its limit is per section, and its kinds are
    /// for a list (`PlaceListViewModel`), not this screen.
    public init(search: PlaceSearch, environment: ViewModelEnvironment) {
        self.search = search
        self.userCoordinate = CurrentValueSubject(search.center)
        reloadPlaceList = reloaded.eraseToAnyPublisher()

        let position = self.userCoordinate
        let loaded = hits
        showPlaceList =
            selectGroup
            .map { group in
                let kinds = Set(group.categories)
                var list = search.moved(to: position.value)
                list.kinds = kinds
                list.limit = nil
                return PlaceListViewModel(
                    search: list, environment: environment,
                    initialHits: loaded.value.filter { $0.place.categories.contains(where: kinds.contains) })
            }
            .eraseToAnyPublisher()

        // Every kind, every place: the sections group them and keep a few of each.
        let everything = {
            var all = search
            all.kinds = []
            all.name = nil
            all.limit = nil
            return all
        }()
        ListLoad.reloads(of: everything, on: loadData, at: position, environment: environment) { [weak self] in
            self?.isLoading = true
        }
        .sink { [weak self] result in self?.apply(result, environment: environment) }
        .store(in: &subscriptions)
    }

    private func apply(_ result: Result<ListLoad, NearbyAPIError>, environment: ViewModelEnvironment) {
        isLoading = false
        if case .success(let loaded) = result {
            let now = environment.now()
            let row = { (hit: PlaceHit) in PlaceRowViewModel(hit: hit, at: now, environment: environment) }
            hits.send(loaded.hits)
            dataset = loaded.dataset
            origin = loaded.origin
            if openNowOnly {
                // Whether a place is open decides whether it counts, so every place gets its row.
                let all = loaded.hits.map(row)
                let open = all.filter { $0.openStatus.isOpen == true }
                nextChange = all.nextChange
                placeCount = open.count
                sections = HomeSection.make(from: open, perGroup: perSection, place: \.place, row: { $0 })
            } else {
                placeCount = loaded.hits.count
                sections = HomeSection.make(from: loaded.hits, perGroup: perSection, place: \.place, row: row)
                nextChange = sections.flatMap(\.rows).nextChange
            }
            lastUpdated = now
        }
        reloaded.send(result.map { _ in () })
    }
}

extension HomeViewModel {
    /// Every place in a section, once, in the order it first appears: the
    /// places a map of the home screen pins, numbered in that order.
    public var pinnedRows: [PlaceRowViewModel] {
        var seen = Set<PlaceID>()
        return sections.flatMap(\.rows).filter { seen.insert($0.id).inserted }
    }

    /// The pins a map of the home screen shows, numbered in that order.
    public var annotations: [Annotation] { pinnedRows.numberedAnnotations }

    /// Each place's pin number: a place in two sections has one pin, and
    /// both its rows are printed with that pin's number.
    public var pinNumbers: [PlaceID: Int] {
        Dictionary(uniqueKeysWithValues: pinnedRows.enumerated().map { index, row in (row.id, index + 1) })
    }
}
