/// What an incremental update (`IncrementalUpdate`) reads and writes of a
/// store, all inside one transaction of the store's: reads see the writes
/// made before them, and nothing is seen by others until it commits.
public protocol UpdatableStore {
    /// Applies one changed element (`ElementTables`); false when the store
    /// holds a newer version, which is kept.
    func apply(_ element: OSMElement) throws -> Bool
    /// The ways that use any of these nodes.
    func ways(using nodes: Set<Int64>) throws -> Set<Int64>
    /// The relations with any of these (`w12`, `n3`) as a member.
    func relations(holding members: Set<PlaceID>) throws -> Set<Int64>
    /// The elements the store holds, of one kind, with these ids.
    func elements(_ kind: OSMElement.Kind, _ ids: Set<Int64>) throws -> [OSMElement]

    /// The places with these ids.
    func places(_ ids: Set<PlaceID>) throws -> [Place]
    /// The places in a box; only those whose address may take its postcode
    /// or country from its neighbours (`IncrementalUpdate.takesFromNeighbours`),
    /// when `neighbourly`, and perhaps others.
    func places(in box: BoundingBox, neighbourly: Bool) throws -> [Place]
    /// The area places with these ids, and those folded into these ids.
    func areaPlaces(_ ids: Set<PlaceID>) throws -> [AreaPlace]
    /// The area places with these names.
    func areaPlaces(named names: Set<String>) throws -> [AreaPlace]
    /// The address sources with these ids.
    func addressSources(_ ids: Set<PlaceID>) throws -> AddressSources
    /// What `AddressIndex` may use anywhere in a box (`AddressIndex.reach`).
    func addressSources(around box: BoundingBox) throws -> AddressSources

    /// Removes these places (as `places(_:)` read them) and writes these.
    func replacePlaces(removing old: [Place], with places: [Place]) throws
    func replaceAddressSources(removing ids: Set<PlaceID>, with sources: AddressSources) throws
    func replaceAreaPlaces(removing ids: Set<PlaceID>, with areas: [AreaPlace]) throws
}
