import Foundation
import NearbyKit

/// One version of a local dataset, ready to answer: held in memory, or an
/// open store file. It never changes; a reload makes a new one. Every
/// snapshot keeps the same contract — within the radius, nearest first by
/// WGS84 geodesic distance, ties by name then id, at most the limit.
public protocol PlaceSnapshot: Sendable {
    var info: DatasetInfo { get }
    /// `query` has been validated by the service that holds the snapshot.
    func places(matching query: PlaceQuery) throws(NearbyAPIError) -> [PlaceHit]
    func place(id: PlaceID) throws(NearbyAPIError) -> Place?
    /// The address at a position, from the data's address sources; nil when
    /// no rule knows anything there (or the data holds no sources: a GeoJSON).
    func address(at position: Coordinate, language: String?) throws(NearbyAPIError) -> ResolvedAddress?
    /// Forward geocoding over the data's address sources (`Geocoder`).
    func geocode(_ request: GeocodeRequest) throws(NearbyAPIError) -> [GeocodeCandidate]
}

/// A dataset indexed in memory (the k-d tree): microsecond queries, for a
/// server, and the one way to answer from a GeoJSON file.
public struct InMemoryPlaces: PlaceSnapshot {
    public let store: LayeredPlaceStore
    public let info: DatasetInfo
    public let addresses: AddressIndex
    /// Built at the first question in words, not at every load and update.
    private let geocoder: LazyGeocoder
    /// The store's revision these places are (`StoreChanges`); nil for a
    /// file that has none, which is read whole each time.
    public let revision: String?

    public init(_ dataset: PlacesDataset, loadedAt: Date, revision: String? = nil) {
        let dataset = dataset.withDefaultTimeZone()
        store = LayeredPlaceStore(places: dataset.places)
        info = DatasetInfo(dataset: dataset, loadedAt: loadedAt)
        addresses = AddressIndex(dataset.addressSources)
        geocoder = LazyGeocoder()
        self.revision = revision
    }

    private init(store: LayeredPlaceStore, info: DatasetInfo, addresses: AddressIndex, revision: String) {
        self.store = store
        self.info = info
        self.addresses = addresses
        geocoder = LazyGeocoder()
        self.revision = revision
    }

    /// These places brought forward by a store's changes since their
    /// revision: the changed places replaced in the index, the address index
    /// built again only if its sources changed.
    public func applying(_ changes: StoreChanges, loadedAt: Date) -> InMemoryPlaces {
        var info = info
        info.loadedAt = loadedAt
        info.center = changes.center
        info.replication = changes.replication
        var places = changes.places
        for index in places.indices where places[index].timeZone == nil { places[index].timeZone = info.timeZone }
        for place in changes.placeIDs.compactMap(store.place(id:)) { info.count(place, by: -1) }
        for place in places { info.count(place, by: 1) }
        info.categoryCounts = info.categoryCounts.filter { $0.value > 0 }
        let addresses =
            changes.sourceIDs.isEmpty
            ? addresses : AddressIndex(addresses.sources.replacing(changes.sourceIDs, with: changes.sources))
        return InMemoryPlaces(
            store: store.replacing(changes.placeIDs, with: places), info: info, addresses: addresses, revision: changes.revision)
    }

    public func address(at position: Coordinate, language: String?) -> ResolvedAddress? {
        addresses.resolve(at: LonLat(position.longitude, position.latitude), language: language)
    }

    public func geocode(_ request: GeocodeRequest) throws(NearbyAPIError) -> [GeocodeCandidate] {
        try geocoder.answer(request) { addresses }
    }

    public func places(matching query: PlaceQuery) -> [PlaceHit] {
        let categories = query.categories.isEmpty ? nil : query.categories
        if let name = query.keyword.map(NameQuery.init), !name.isEmpty {
            return query.answer(
                store.places(
                    named: name, near: query.center, within: query.radius, in: categories, excluding: query.excludedCategories,
                    limit: query.limit))
        }
        guard query.needsEveryPlaceInRange else {
            return store.places(near: query.center, within: query.radius, in: categories, limit: query.limit)
        }
        // An exclusion the spatial index cannot apply: rank everything in range, then filter, then cut.
        return query.answer(store.places(near: query.center, within: query.radius, in: categories))
    }

    public func place(id: PlaceID) -> Place? {
        store.place(id: id)
    }
}

extension PlaceQuery {
    /// Whether the query filters on more than categories (an exclusion, a
    /// keyword), which a spatial index cannot apply: a store ranks every
    /// place in range and leaves the rest to `answer`.
    public var needsEveryPlaceInRange: Bool {
        !excludedCategories.isEmpty || !(keyword ?? "").isEmpty
    }
}
