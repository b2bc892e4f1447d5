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
    /// Kinds left out even when they are among `categories` too.
    public let excludedCategories: Set<PlaceCategory>
    /// "Cafés", "Cafés & Bars", or a whole group's name ("Food & drink").
    public let title: String
    /// What the list shows: its kinds, around the user's position.
    public let search: PlaceSearch
    public var radius: Double { search.radius.metres }
    @Published public private(set) var rows: [PlaceRowViewModel] = []
    @Published public private(set) var isLoading = false
    @Published public private(set) var lastUpdated: Date?
    /// What the service said of its data on the last good load (attribution, zone).
    @Published public private(set) var dataset: DatasetInfo?
    /// The address of the position searched from, on the last good load.
    @Published public private(set) var origin: PostalAddress?
    /// When a place the list depends on next opens or closes: what it shows holds until then.
    @Published public private(set) var nextChange: Date?
    /// Sent after `rows` is up to date.
    public let reloadPlaceList: AnyPublisher<Result<Void, NearbyAPIError>, Never>

    private var limit: Int? { search.limit }
    private var openNowOnly: Bool { search.openNow }
    private let environment: ViewModelEnvironment
    private let reloaded = PassthroughSubject<Result<Void, NearbyAPIError>, Never>()
    private var subscriptions = Set<AnyCancellable>()

    /// `search` names the kinds (at least one), the position the user
    /// starts at, the radius, the limit and open-now. `initialHits`, when
    /// the caller already has them (the home screen does), are shown at
    /// once; `loadData` fetches afresh.
    public init(search: PlaceSearch, environment: ViewModelEnvironment, initialHits: [PlaceHit]? = nil) {
        self.search = search
        categories = search.kinds.sorted()
        excludedCategories = search.excludedKinds
        title = Self.title(search.kinds, excluding: search.excludedKinds)
        self.userCoordinate = CurrentValueSubject(search.center)
        self.environment = environment
        reloadPlaceList = reloaded.eraseToAnyPublisher()
        if let initialHits { show(initialHits) }

        ListLoad.reloads(of: search, on: loadData, at: userCoordinate, environment: environment) { [weak self] in
            self?.isLoading = true
        }
        .sink { [weak self] result in
            guard let self else { return }
            isLoading = false
            if case .success(let loaded) = result {
                dataset = loaded.dataset
                origin = loaded.origin
                show(loaded.hits)
            }
            reloaded.send(result.map { _ in () })
        }
        .store(in: &subscriptions)
    }

    /// Whole groups by their names ("Food & drink"), else up to three kinds
    /// by theirs, else two and a count; then what is left out.
    private static func title(_ kinds: Set<PlaceCategory>, excluding excluded: Set<PlaceCategory>) -> String {
        let groups = PlaceCategoryGroup.allCases.filter { !Set($0.categories).isDisjoint(with: kinds) }
        let shown: String
        if Set(groups.flatMap(\.categories)) == kinds {
            shown = groups.map(\.displayName).joined(separator: " & ")
        } else {
            let names = kinds.subtracting(excluded).sorted().map(\.displayName)
            return names.count <= 3
                ? names.joined(separator: " & ")
                : "\(names.prefix(2).joined(separator: ", ")) & \(names.count - 2) more kinds"
        }
        let left = kinds.intersection(excluded).sorted().map(\.displayName)
        return left.isEmpty ? shown : "\(shown) without \(left.joined(separator: " & "))"
    }

    private func show(_ hits: [PlaceHit]) {
        let now = environment.now()
        let all = hits.map { PlaceRowViewModel(hit: $0, at: now, environment: environment) }
        let rows = all.filter { !openNowOnly || $0.openStatus.isOpen == true }
        self.rows = limit.map { Array(rows.prefix($0)) } ?? rows
        nextChange = openNowOnly ? all.nextChange : self.rows.nextChange
        lastUpdated = now
    }
}

extension PlaceListViewModel {
    /// The pins a map of this list shows.
    public var annotations: [Annotation] { rows.numberedAnnotations }
}
