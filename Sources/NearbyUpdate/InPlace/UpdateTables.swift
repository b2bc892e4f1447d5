import NearbyKit

/// What an incremental update (`IncrementalUpdate`) reads and writes of a
/// store, all inside one transaction of the store's: reads see the writes
/// made before them, and nothing is seen by others until it commits. Each
/// asks for many things at once: a store across a network answers in one
/// round trip.
public protocol UpdateTables {
    /// Applies changed elements in their order (the elements a store keeps:
    /// `ElementTables`); those applied, which leaves out an element older than
    /// the version the store holds (that is kept, as `osmium apply-changes`
    /// keeps the newest).
    func apply(_ elements: [OSMElement]) async throws -> [OSMElement]
    /// The ways that use any of these nodes.
    func ways(using nodes: Set<Int64>) async throws -> Set<Int64>
    /// The relations with any of these (`w12`, `n3`) as a member.
    func relations(holding members: Set<PlaceID>) async throws -> Set<Int64>
    /// The elements the store holds, of one kind, with these ids.
    func elements(_ kind: OSMElement.Kind, _ ids: Set<Int64>) async throws -> [OSMElement]

    /// The places with these ids.
    func places(_ ids: Set<PlaceID>) async throws -> [Place]
    /// The places in any of these boxes, each once, but those `excluding`;
    /// only those whose address may take its postcode or country from its
    /// neighbours (`IncrementalUpdate.takesFromNeighbours`), when
    /// `neighbourly`, and perhaps others — and of each only the id, name,
    /// kind, position and address (the few whose address changes are read
    /// whole by `places(_:)`).
    func places(in boxes: [BoundingBox], neighbourly: Bool, excluding: Set<PlaceID>) async throws -> [Place]
    /// The area places with these ids, and those folded into these ids.
    func areaPlaces(_ ids: Set<PlaceID>) async throws -> [AreaPlace]
    /// The area places with these names.
    func areaPlaces(named names: Set<String>) async throws -> [AreaPlace]
    /// The address sources with these ids.
    func addressSources(_ ids: Set<PlaceID>) async throws -> AddressSources
    /// What `AddressIndex` may use anywhere in a box (`AddressIndex.reach`).
    func addressSources(around box: BoundingBox) async throws -> AddressSources

    /// Removes these places (as `places(_:)` read them) and writes these.
    func replacePlaces(removing old: [Place], with places: [Place]) async throws
    func replaceAddressSources(removing ids: Set<PlaceID>, with sources: AddressSources) async throws
    func replaceAreaPlaces(removing ids: Set<PlaceID>, with areas: [AreaPlace]) async throws
}
