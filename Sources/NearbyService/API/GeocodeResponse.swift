import NearbyKit

/// `GET /maps/api/geocode/json?latlng=…`, in the shape of Google's
/// Geocoding API: the address at the position first (a `street_address`
/// or a `route`), then each area it lies in, smallest first, each with the
/// broader parts of the address (as Google lists them).
public struct GeocodeResponse: Codable, Sendable, Equatable {
    public var status: PlacesAPIStatus
    public var results: [GeocodeResult]
    public var errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case status, results
        case errorMessage = "error_message"
    }

    public init(status: PlacesAPIStatus, results: [GeocodeResult] = [], errorMessage: String? = nil) {
        self.status = status
        self.results = results
        self.errorMessage = errorMessage
    }

    /// The results for an address, only those of `resultTypes` when given
    /// (Google's `result_type`); ZERO_RESULTS when none is left.
    public init(_ resolved: ResolvedAddress?, resultTypes: Set<String> = []) {
        var results = resolved.map(GeocodeResult.all) ?? []
        if !resultTypes.isEmpty { results = results.filter { !resultTypes.isDisjoint(with: $0.types) } }
        self.init(status: results.isEmpty ? .zeroResults : .ok, results: results)
    }

    /// The address the results describe, with each part's origin, as the
    /// server's service resolved it: every part some result lists, and
    /// where each result's own part came from. A street's result lists every
    /// part, and its text is the whole address; an area's lists only the
    /// broader parts (as Google's), so without a street the text is made
    /// again from the parts.
    public func resolved() -> ResolvedAddress? {
        guard let first = results.first else { return nil }
        var origins: [AddressComponent.Kind: AddressOrigin] = [:]
        var components: [AddressComponent] = []
        for result in results {
            for component in result.addressComponents where !components.contains(where: { $0.kind == component.kind }) {
                components.append(component)
            }
            guard let kind = result.types.lazy.compactMap(AddressComponent.Kind.init(rawValue:)).first ?? result.streetKind else {
                continue
            }
            origins[kind] = result.origin
        }
        if let street = results.first(where: { $0.types.contains("street_address") }) { origins[.streetNumber] = street.origin }
        let isWhole = first.streetKind != nil || first.types.contains("route")
        return ResolvedAddress(
            address: PostalAddress(components: components, formatted: isWhole ? first.formattedAddress : nil), origins: origins)
    }
}

/// One result of the Geocoding API.
public struct GeocodeResult: Codable, Sendable, Equatable {
    public var addressComponents: [AddressComponent]
    public var formattedAddress: String
    public var geometry: Geometry
    public var placeID: String
    public var types: [String]
    /// Forward geocoding's mark of an answer to part of the question; absent otherwise, as at Google.
    public var partialMatch: Bool?

    enum CodingKeys: String, CodingKey {
        case geometry, types
        case addressComponents = "address_components"
        case formattedAddress = "formatted_address"
        case placeID = "place_id"
        case partialMatch = "partial_match"
    }

    public struct Geometry: Codable, Sendable, Equatable {
        public var location: PlaceResult.LatLng
        /// ROOFTOP for an address point or building, GEOMETRIC_CENTER for a
        /// street, APPROXIMATE for an area: Google's values.
        public var locationType: String
        public var viewport: Viewport
        public var bounds: Viewport?

        enum CodingKeys: String, CodingKey {
            case location, viewport, bounds
            case locationType = "location_type"
        }
    }

    public struct Viewport: Codable, Sendable, Equatable {
        public var northeast: PlaceResult.LatLng
        public var southwest: PlaceResult.LatLng
    }

    /// A street's result names its kind by Google's type (`route`) or as a whole address.
    var streetKind: AddressComponent.Kind? { types.contains("street_address") ? .route : nil }

    var origin: AddressOrigin {
        AddressOrigin(
            id: placeID.isEmpty ? nil : placeID, location: LonLat(geometry.location.lng, geometry.location.lat),
            bounds: geometry.bounds.map {
                BoundingBox(
                    minLongitude: $0.southwest.lng, minLatitude: $0.southwest.lat, maxLongitude: $0.northeast.lng,
                    maxLatitude: $0.northeast.lat)
            })
    }

    /// The parts Google lists beside a result of `kind`: the broader ones.
    private static func broader(than kind: AddressComponent.Kind) -> Set<AddressComponent.Kind> {
        switch kind {
        case .streetNumber, .route: Set(AddressComponent.Kind.allCases)
        case .postalCode: [.postalCode, .locality, .administrativeAreaLevel2, .administrativeAreaLevel1, .country]
        case .neighborhood, .sublocality, .locality, .administrativeAreaLevel2, .administrativeAreaLevel1, .country:
            Set(AddressComponent.Kind.allCases.filter { $0 >= kind && $0 != .postalCode || $0 == kind })
        }
    }

    static func all(_ resolved: ResolvedAddress) -> [GeocodeResult] {
        let address = resolved.address
        var results: [GeocodeResult] = []
        if address[.route] != nil {
            let numbered = address[.streetNumber] != nil
            let origin = resolved.origins[numbered ? .streetNumber : .route]
            let rule = address[numbered ? .streetNumber : .route]?.rule
            results.append(
                result(
                    address, origin: origin, types: [numbered ? "street_address" : "route"],
                    locationType: rule == .street ? "GEOMETRIC_CENTER" : "ROOFTOP"))
        }
        let areas: [AddressComponent.Kind] = [
            .neighborhood, .sublocality, .postalCode, .locality, .administrativeAreaLevel2, .administrativeAreaLevel1, .country,
        ]
        for kind in areas {
            guard let component = address[kind] else { continue }
            let parts = broader(than: kind)
            results.append(
                result(
                    address.with(components: address.components.filter { parts.contains($0.kind) }).unwritten,
                    origin: resolved.origins[kind], types: component.kind.googleTypes, locationType: "APPROXIMATE"))
        }
        return results
    }

    fileprivate static func result(_ address: PostalAddress, origin: AddressOrigin?, types: [String], locationType: String) -> GeocodeResult
    {
        let location = origin?.location ?? LonLat(0, 0)
        let latLng = PlaceResult.LatLng(lat: location.latitude, lng: location.longitude)
        let bounds = origin?.bounds.map {
            Viewport(
                northeast: PlaceResult.LatLng(lat: $0.maxLatitude, lng: $0.maxLongitude),
                southwest: PlaceResult.LatLng(lat: $0.minLatitude, lng: $0.minLongitude))
        }
        // Google's viewport around a point: about 150 m each way.
        let around = Viewport(
            northeast: PlaceResult.LatLng(lat: location.latitude + 0.00135, lng: location.longitude + 0.00135),
            southwest: PlaceResult.LatLng(lat: location.latitude - 0.00135, lng: location.longitude - 0.00135))
        return GeocodeResult(
            addressComponents: address.components, formattedAddress: address.formatted,
            geometry: Geometry(location: latLng, locationType: locationType, viewport: bounds ?? around, bounds: bounds),
            placeID: origin?.id ?? "", types: types)
    }
}

extension GeocodeResult {
    /// A forward geocoding answer as Google writes one.
    public init(_ candidate: GeocodeCandidate) {
        let (types, locationType): ([String], String) =
            switch candidate.kind {
            case .address: (["street_address"], "ROOFTOP")
            case .street: (["route"], "GEOMETRIC_CENTER")
            case .postcode: (["postal_code"], "APPROXIMATE")
            case .area(let kind): (kind.googleTypes, "APPROXIMATE")
            }
        self = GeocodeResult.result(
            candidate.address, origin: AddressOrigin(id: candidate.id, location: candidate.location, bounds: candidate.bounds),
            types: types, locationType: locationType)
        partialMatch = candidate.partialMatch ? true : nil
    }

    /// The answer read back (what `HTTPPlaceService` hands on).
    public var candidate: GeocodeCandidate {
        let kind: GeocodeCandidate.Kind =
            if types.contains("street_address") {
                .address
            } else if types.contains("route") {
                .street
            } else if types.contains("postal_code") {
                .postcode
            } else {
                .area(types.compactMap(AddressComponent.Kind.init(rawValue:)).min() ?? .locality)
            }
        let origin = origin
        return GeocodeCandidate(
            kind: kind, id: origin.id, location: origin.location, bounds: origin.bounds,
            address: PostalAddress(components: addressComponents, formatted: formattedAddress), partialMatch: partialMatch == true)
    }
}
