/// The places of a dataset as a server holds them while updates come in:
/// the index built when the data was loaded, with the places changed since
/// hidden in it, and those places as they are now in a small index of their
/// own. Applying an update builds only the small one again (milliseconds,
/// where building the large one takes seconds at a million places); once
/// it holds a sixteenth of the whole, both are built again as one.
///
/// It answers as one `PlaceStore` of the same places would: each layer
/// gives its best answers, and the union is ranked as a store ranks them.
public struct LayeredPlaceStore: Sendable {
    public let loaded: PlaceStore
    public let changed: PlaceStore

    public init(places: [Place]) {
        loaded = PlaceStore(places: places)
        changed = PlaceStore(places: [])
    }

    private init(loaded: PlaceStore, changed: PlaceStore) {
        self.loaded = loaded
        self.changed = changed
    }

    public var count: Int { loaded.count + changed.count }

    /// With the places of `ids` removed, and `places` (whose ids are among
    /// them) in their stead.
    public func replacing(_ ids: Set<PlaceID>, with places: [Place]) -> LayeredPlaceStore {
        let changedNow = changed.places.filter { !ids.contains($0.id) } + places
        if changedNow.count > max(1_024, loaded.count / 16) {
            return LayeredPlaceStore(places: loaded.answeringPlaces.filter { !ids.contains($0.id) } + changedNow)
        }
        return LayeredPlaceStore(loaded: loaded.hiding(ids), changed: PlaceStore(places: changedNow))
    }

    public func place(id: PlaceID) -> Place? {
        changed.place(id: id) ?? loaded.place(id: id)
    }

    /// `PlaceStore.places(near:within:in:limit:)`.
    public func places(
        near center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>? = nil, limit: Int? = nil
    ) -> [PlaceHit] {
        merged(limit) { $0.places(near: center, within: radius, in: categories, limit: limit) }
    }

    /// `PlaceStore.places(named:near:within:in:excluding:limit:)`: each
    /// layer's best `limit` hold the best `limit` of both, which
    /// `PlaceQuery.answer` ranks by match; so all of them are returned.
    public func places(
        named name: NameQuery, near center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>? = nil,
        excluding excluded: Set<PlaceCategory> = [], limit: Int? = nil
    ) -> [PlaceHit] {
        merged(nil) {
            $0.places(named: name, near: center, within: radius, in: categories, excluding: excluded, limit: limit)
        }
    }

    /// Both layers' answers, nearest first (ties by name, then id), at most `limit`.
    private func merged(_ limit: Int?, _ answer: (PlaceStore) -> [PlaceHit]) -> [PlaceHit] {
        guard changed.count > 0 else { return answer(loaded) }
        let hits = (answer(loaded) + answer(changed)).sorted {
            ($0.distance, $0.place.name, $0.place.id) < ($1.distance, $1.place.name, $1.place.id)
        }
        return limit.map { Array(hits.prefix($0)) } ?? hits
    }
}
