/// One part of an address, named as Google's Places and Geocoding APIs name
/// it, with the rule that found it.
public struct AddressComponent: Hashable, Sendable {
    /// Google's component types, most specific first: the order in which
    /// Google lists `address_components`.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
        case streetNumber = "street_number"
        case route
        case neighborhood
        case sublocality
        case locality
        case administrativeAreaLevel2 = "administrative_area_level_2"
        case administrativeAreaLevel1 = "administrative_area_level_1"
        case country
        case postalCode = "postal_code"

        /// Google's `types` for a component of this kind.
        public var googleTypes: [String] {
            switch self {
            case .streetNumber, .route, .postalCode: [rawValue]
            case .sublocality: ["political", "sublocality", "sublocality_level_1"]
            case .neighborhood, .locality, .administrativeAreaLevel2, .administrativeAreaLevel1, .country: [rawValue, "political"]
            }
        }

        /// The first kind nearby knows in a JSON array of Google's types
        /// (`["political", "sublocality", "sublocality_level_1"]`).
        public static func first(in types: String) -> Kind? {
            // The array's strings are the odd pieces between its quotes (Google's types hold no quote
            // or backslash). Bytes, not Foundation's `contains`: a store holds one array a place, and
            // searching each for every kind was half of loading a million places.
            types.utf8.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false).enumerated()
                .compactMap { $0.offset % 2 == 1 ? Kind(rawValue: String(decoding: $0.element, as: UTF8.self)) : nil }.min()
        }

        /// Its place in Google's order (the order of the cases).
        private var rank: Int {
            switch self {
            case .streetNumber: 0
            case .route: 1
            case .neighborhood: 2
            case .sublocality: 3
            case .locality: 4
            case .administrativeAreaLevel2: 5
            case .administrativeAreaLevel1: 6
            case .country: 7
            case .postalCode: 8
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool { a.rank < b.rank }
    }

    public var kind: Kind
    public var longName: String
    /// The abbreviation Google gives where OSM has one (a country's ISO
    /// 3166-1 code, a state's ISO 3166-2 suffix); else the long name.
    public var shortName: String
    public var rule: AddressRule

    public init(_ kind: Kind, _ longName: String, shortName: String? = nil, rule: AddressRule) {
        self.kind = kind
        self.longName = longName
        self.shortName = shortName ?? longName
        self.rule = rule
    }
}

/// The stored form, in GeoJSON, GeoPackage and PostGIS alike: Google's
/// field names, and `source` for the rule.
extension AddressComponent: Codable {
    private enum CodingKeys: String, CodingKey {
        case longName = "long_name"
        case shortName = "short_name"
        case types, source
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let types = try c.decode([String].self, forKey: .types)
        // The most specific type nearby knows, as `PlainJSON` reads it.
        guard let kind = types.compactMap(Kind.init(rawValue:)).min() else {
            throw DecodingError.dataCorruptedError(
                forKey: .types, in: c, debugDescription: "no address component type nearby knows in \(types)")
        }
        self.kind = kind
        longName = try c.decode(String.self, forKey: .longName)
        shortName = try c.decodeIfPresent(String.self, forKey: .shortName) ?? longName
        rule = try c.decodeIfPresent(AddressRule.self, forKey: .source) ?? .tags
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(longName, forKey: .longName)
        try c.encode(shortName, forKey: .shortName)
        try c.encode(kind.googleTypes, forKey: .types)
        try c.encode(rule, forKey: .source)
    }
}
