/// What reverse geocoding needs from an extract, kept by the import and by
/// every store beside the places: named streets, address points and
/// addressed outlines, the areas a position lies in (with their ranks), and
/// `place=*` nodes. `AddressIndex` answers from it.
public struct AddressSources: Sendable, Equatable {
    public var streets: [NamedStreet] = []
    public var points: [AddressPoint] = []
    public var areas: [AddressArea] = []
    public var placeNodes: [PlaceNode] = []

    public init(streets: [NamedStreet] = [], points: [AddressPoint] = [], areas: [AddressArea] = [], placeNodes: [PlaceNode] = []) {
        self.streets = streets
        self.points = points
        self.areas = areas
        self.placeNodes = placeNodes
    }

    public var isEmpty: Bool { streets.isEmpty && points.isEmpty && areas.isEmpty && placeNodes.isEmpty }

    /// Sorted by element id, so that the same extract gives the same store
    /// (each list checked first: a store's are sorted already).
    public mutating func sort() {
        // Each id read once, and the sources moved once: sorting them whole by `osmOrder` read two ids a
        // comparison (450,000 address points, about 9 million) and moved the sources at every step.
        func sorted<T>(_ items: inout [T], _ id: (T) -> PlaceID) {
            let keys = items.map { id($0).osmKey }
            guard !zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) else { return }
            let order = keys.indices.sorted { (keys[$0].kind, keys[$0].number, $0) < (keys[$1].kind, keys[$1].number, $1) }
            items = order.map { items[$0] }
        }
        sorted(&streets, \.id)
        sorted(&points, \.id)
        sorted(&areas, \.id)
        sorted(&placeNodes, \.id)
    }

    /// The ids whose sources here and in `other` are the same, in every
    /// table (an id with a source in one and not the other differs).
    public func unchangedIDs(comparedWith other: AddressSources) -> Set<PlaceID> {
        let (mine, theirs) = (grouped(), other.grouped())
        return Set(mine.compactMap { id, sources in theirs[id] == sources ? id : nil })
    }

    /// The sources of the ids `isIncluded` takes.
    public func filter(_ isIncluded: (PlaceID) -> Bool) -> AddressSources {
        AddressSources(
            streets: streets.filter { isIncluded($0.id) }, points: points.filter { isIncluded($0.id) },
            areas: areas.filter { isIncluded($0.id) }, placeNodes: placeNodes.filter { isIncluded($0.id) })
    }

    private func grouped() -> [PlaceID: AddressSources] {
        var groups: [PlaceID: AddressSources] = [:]
        for street in streets { groups[street.id, default: AddressSources()].streets.append(street) }
        for point in points { groups[point.id, default: AddressSources()].points.append(point) }
        for area in areas { groups[area.id, default: AddressSources()].areas.append(area) }
        for node in placeNodes { groups[node.id, default: AddressSources()].placeNodes.append(node) }
        return groups
    }

    /// These sources (in id order, as `sort()` leaves them) with those of
    /// `ids` removed and `replacements` in their stead, in id order: the few
    /// replacements sorted and merged in, not the whole sorted again.
    public func replacing(_ ids: Set<PlaceID>, with replacements: AddressSources) -> AddressSources {
        func merged<T>(_ items: [T], _ new: [T], _ id: (T) -> PlaceID) -> [T] {
            let new = new.sorted { id($0).osmOrder(before: id($1)) }
            var result: [T] = []
            result.reserveCapacity(items.count + new.count)
            var next = 0
            for item in items where !ids.contains(id(item)) {
                while next < new.count, id(new[next]).osmOrder(before: id(item)) {
                    result.append(new[next])
                    next += 1
                }
                result.append(item)
            }
            return result + new[next...]
        }
        return AddressSources(
            streets: merged(streets, replacements.streets, \.id), points: merged(points, replacements.points, \.id),
            areas: merged(areas, replacements.areas, \.id), placeNodes: merged(placeNodes, replacements.placeNodes, \.id))
    }
}

/// A longitude and latitude in degrees, as GeoJSON and WKB order them; not
/// checked, as `Coordinate` is, because outlines come straight from osmium.
public struct LonLat: Hashable, Sendable {
    public var longitude: Double
    public var latitude: Double

    public init(_ longitude: Double, _ latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// Rings of one polygon: the outer ring, then its holes.
public typealias Polygon = [[LonLat]]

/// A `highway=*` or a `place=square` with a `name`: its lines (one for a
/// way; the outer rings of a square or a pedestrian area).
public struct NamedStreet: Hashable, Sendable {
    /// How likely a building beside it takes its address from it: a main
    /// road (a corner building is numbered on it) more than another road,
    /// that more than a named service road, that more than a ramp or a
    /// bridge, any of them more than a footpath; a square, to whatever
    /// lies on it. A street found by its name only (`nameOnly`: a tunnel, a
    /// passage through a building, an indoor corridor, one proposed or being
    /// built) is no address's street, and reverse geocoding never names it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case main, road, service, minor, path, square, nameOnly

        /// Its distance counts this many times over when streets are compared.
        var weight: Double {
            switch self {
            case .main, .square: 2 / 3
            case .road: 1
            case .service: 1.5
            case .minor: 2
            case .path, .nameOnly: 3
            }
        }
    }

    public var id: PlaceID
    public var name: String
    public var kind: Kind
    public var lines: [[LonLat]]

    public init(id: PlaceID, name: String, kind: Kind = .road, lines: [[LonLat]]) {
        self.id = id
        self.name = name
        self.kind = kind
        self.lines = lines
    }
}

/// An element with `addr:*` tags: a node (an entrance, an address point, a
/// shop) or an outline (a building, a site), which addresses what lies inside.
public struct AddressPoint: Hashable, Sendable {
    public var id: PlaceID
    public var position: LonLat
    /// Empty for a node.
    public var outline: [Polygon]
    /// The `addr:*` tags, keys without the prefix (`housenumber`, `street`,
    /// `place`, `postcode`, `city`, `suburb`, `country`).
    public var address: [String: String]

    public init(id: PlaceID, position: LonLat, outline: [Polygon] = [], address: [String: String]) {
        self.id = id
        self.position = position
        self.outline = outline
        self.address = address
    }

    /// Whether it says which street (or `addr:place`) it is on: what rule 3 may borrow.
    public var namesStreet: Bool { (address["street"] ?? address["place"]) != nil }
}

/// An area a position can lie in.
public struct AddressArea: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `boundary=administrative` with its `admin_level`.
        case administrative(level: Int)
        /// `boundary=postal_code`.
        case postalCode
        /// A `place=*` area.
        case place(PlaceRank)
    }

    public var id: PlaceID
    public var kind: Kind
    public var name: String
    /// `name:<language>` values, by language.
    public var names: [String: String]
    /// `ISO3166-1` for a country, `ISO3166-2` below it; nil if untagged.
    public var code: String?
    /// `postal_code` (a postal boundary's own code, or a town's single one).
    public var postcode: String?
    /// A point inside it, where a Geocoding answer puts it (`InteriorPoint`).
    public var label: LonLat?
    public var polygons: [Polygon]

    public init(
        id: PlaceID, kind: Kind, name: String, names: [String: String] = [:], code: String? = nil, postcode: String? = nil,
        label: LonLat? = nil, polygons: [Polygon]
    ) {
        self.label = label
        self.id = id
        self.kind = kind
        self.name = name
        self.names = names
        self.code = code
        self.postcode = postcode
        self.polygons = polygons
    }
}

/// The `place=*` values nearby ranks, largest first (but for those no
/// address names, last).
public enum PlaceRank: String, Sendable, Hashable, CaseIterable, Comparable {
    case city, town, village, hamlet, suburb, quarter, neighbourhood
    case isolatedDwelling = "isolated_dwelling"
    /// Found by name, but no part of an address around them (as in
    /// Nominatim, which gives a named spot without people no address rank):
    /// a farm, and a `place=locality` (a field, an alp, a pass).
    case farm, locality

    /// A town-sized place: a locality. The others name a part of one.
    public var isLocality: Bool {
        switch self {
        case .city, .town, .village, .hamlet, .isolatedDwelling, .farm: true
        case .suburb, .quarter, .neighbourhood, .locality: false
        }
    }

    /// The part of an address a place of this rank is, or answers as.
    public var component: AddressComponent.Kind {
        isLocality ? .locality : self == .suburb || self == .quarter ? .sublocality : .neighborhood
    }

    /// Whether a place of this rank names the addresses around it (or in it).
    public var namesAddresses: Bool { reach > 0 }

    /// How far a node of this rank names the places around it, in metres
    /// (roughly Nominatim's search radii by rank).
    public var reach: Double {
        switch self {
        case .city: 15_000
        case .town: 6_000
        case .village: 2_500
        case .hamlet: 1_000
        case .isolatedDwelling: 300
        case .suburb: 2_000
        case .quarter: 1_200
        case .neighbourhood: 600
        case .farm, .locality: 0
        }
    }

    public static func < (a: PlaceRank, b: PlaceRank) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A `place=*` node with a name.
public struct PlaceNode: Hashable, Sendable {
    public var id: PlaceID
    public var rank: PlaceRank
    public var name: String
    public var names: [String: String]
    public var position: LonLat

    public init(id: PlaceID, rank: PlaceRank, name: String, names: [String: String] = [:], position: LonLat) {
        self.id = id
        self.rank = rank
        self.name = name
        self.names = names
        self.position = position
    }
}

extension PlaceID {
    /// Nodes, then ways, then relations, each by id: the order OSM files use.
    /// (Called for every comparison of sorts of a million ids: it reads bytes, and builds nothing.)
    public func osmOrder(before other: PlaceID) -> Bool {
        let (a, b) = (osmKind, other.osmKind)
        if a != b { return a < b }
        return (Int64(dropFirst()) ?? 0) < (Int64(other.dropFirst()) ?? 0)
    }

    /// What `osmOrder` compares: the kind's rank, then the number.
    var osmKey: (kind: Int, number: Int64) { (osmKind, Int64(dropFirst()) ?? 0) }

    private var osmKind: Int {
        switch utf8.first {
        case nil, UInt8(ascii: "n"): 0
        case UInt8(ascii: "w"): 1
        case UInt8(ascii: "r"): 2
        default: 3
        }
    }
}
