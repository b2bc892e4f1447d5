import Foundation
import NearbyKit
import NearbyService

/// One place in detail, and the map the original showed under it: a region
/// centred on the place and an annotation for its pin.
public final class PlaceDetailViewModel: ObservableObject {
    // MARK: Inputs
    public let loadData = PassthroughSubject<Void, Never>()
    /// Where the user is, when known; the distance needs it.
    public let userCoordinate: CurrentValueSubject<Coordinate?, Never>

    // MARK: Outputs
    @Published public private(set) var place: Place?
    @Published public private(set) var title = ""
    @Published public private(set) var categoryName = ""
    /// "0.18 mi"; nil without a user position. Measured here: the original's
    /// detail view model computed it, as the service has no position to measure from.
    @Published public private(set) var distance: String?
    @Published public private(set) var distanceMetres: Double?
    @Published public private(set) var isOpen: Bool?
    @Published public private(set) var openStatusText = "Hours unknown"
    @Published public private(set) var openStatus: OpenStatus?
    /// The raw `opening_hours`, for display.
    @Published public private(set) var openingHours: String?
    /// The place's image, as OpenStreetMap names it (`image`, else a
    /// Wikimedia Commons file): `Place.photos`, the same the API's photos are.
    @Published public private(set) var placeImageUrl: URL?
    /// Its address, every part with the rule that found it.
    @Published public private(set) var address: PostalAddress?
    @Published public private(set) var phone: String?
    @Published public private(set) var website: String?
    @Published public private(set) var location: Coordinate?
    @Published public private(set) var region: Region?
    @Published public private(set) var annotation: Annotation?
    /// What the service said of its data (attribution, zone).
    @Published public private(set) var dataset: DatasetInfo?
    /// Sent after the outputs above are up to date.
    public let didLoad: AnyPublisher<Result<Void, NearbyAPIError>, Never>

    public let placeID: PlaceID
    public let span: Region.Span

    private let loaded = PassthroughSubject<Result<Void, NearbyAPIError>, Never>()
    private var subscriptions = Set<AnyCancellable>()

    public init(placeID: PlaceID, userCoordinate: Coordinate? = nil, span: Region.Span = .placeDetail, environment: ViewModelEnvironment) {
        self.placeID = placeID
        self.span = span
        self.userCoordinate = CurrentValueSubject(userCoordinate)
        didLoad = loaded.eraseToAnyPublisher()

        let service = environment.placeService
        environment
            .reloads(on: loadData) { (_: Void) async throws(NearbyAPIError) -> (Place, DatasetInfo) in
                let place = try await service.fetchPlace(id: placeID)
                return (place, try await service.datasetInfo())
            }
            .sink { [weak self] result in
                guard let self else { return }
                if case .success(let (place, info)) = result {
                    dataset = info
                    show(place, environment: environment)
                }
                loaded.send(result.map { _ in () })
            }
            .store(in: &subscriptions)
    }

    private func show(_ place: Place, environment: ViewModelEnvironment) {
        self.place = place
        title = place.name(in: environment.language)
        categoryName = place.category.singularName(in: environment.language).text
        if let user = userCoordinate.value {
            let metres = Geodesic.distance(from: user, to: place.coordinate)
            distanceMetres = metres
            distance = environment.units.format(metres: metres)
        } else {
            distanceMetres = nil
            distance = nil
        }
        let status = OpenStatus(place: place, at: environment.now(), defaultTimeZone: environment.timeZone)
        openStatus = status
        isOpen = status.isOpen
        openStatusText = status.text
        openingHours = place.openingHours
        placeImageUrl = place.photos.first.flatMap { URL(string: $0.url()) }
        address = place.address
        phone = place.phone
        website = place.website
        location = place.coordinate
        region = Region(center: place.coordinate, span: span)
        annotation = Annotation(
            coordinate: place.coordinate, title: title, subtitle: categoryName,
            category: place.category, isSelected: true)
    }
}
