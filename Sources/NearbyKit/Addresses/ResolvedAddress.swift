/// An address and, for each part, the element it came from: what the
/// Geocoding API answers with (a `place_id`, a location, a viewport).
public struct ResolvedAddress: Sendable, Hashable {
    public var address: PostalAddress
    public var origins: [AddressComponent.Kind: AddressOrigin]

    public init(address: PostalAddress, origins: [AddressComponent.Kind: AddressOrigin]) {
        self.address = address
        self.origins = origins
    }
}

/// The element a part of an address came from.
public struct AddressOrigin: Sendable, Hashable {
    /// `n123`, `w456`, `r789`; nil for a place's own tags.
    public var id: PlaceID?
    /// The point that stands for it: the address point, the nearest point
    /// of the street, a point inside the area.
    public var location: LonLat
    /// The area's or the street's extent, when it has one.
    public var bounds: BoundingBox?

    public init(id: PlaceID?, location: LonLat, bounds: BoundingBox? = nil) {
        self.id = id
        self.location = location
        self.bounds = bounds
    }
}
