/// One answer to a forward geocoding question: what was found, where, its
/// whole address, and whether it answers only part of the question.
public struct GeocodeCandidate: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An address point or an addressed building: the number and its street.
        case address
        /// A named street.
        case street
        /// An area or a `place=*` node, as the part of an address it is.
        case area(AddressComponent.Kind)
        /// A postcode: a postal boundary, or where the addresses with it lie.
        case postcode

        /// A town, a district, a region or a country.
        public var isArea: Bool {
            if case .area = self { true } else { false }
        }
    }

    public var kind: Kind
    /// The OpenStreetMap element (`n…`, `w…`, `r…`); nil for a postcode
    /// found only on addresses.
    public var id: PlaceID?
    public var location: LonLat
    public var bounds: BoundingBox?
    /// The address it has: the whole one for an address or a street, the
    /// broader parts for an area.
    public var address: PostalAddress
    /// Some of the question was not found in it: a house number the street
    /// does not have, a word no part of its address holds.
    public var partialMatch: Bool

    public init(kind: Kind, id: PlaceID?, location: LonLat, bounds: BoundingBox?, address: PostalAddress, partialMatch: Bool) {
        self.kind = kind
        self.id = id
        self.location = location
        self.bounds = bounds
        self.address = address
        self.partialMatch = partialMatch
    }
}
