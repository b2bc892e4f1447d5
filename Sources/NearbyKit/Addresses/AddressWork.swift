import Foundation

/// The parts found so far for one position.
struct AddressWork {
    let position: LonLat
    let language: String?
    let excluding: Set<PlaceID>
    var parts: [AddressComponent.Kind: AddressComponent] = [:]
    var origins: [AddressComponent.Kind: AddressOrigin] = [:]
    /// The areas that hold the position, once rule 5 has looked.
    var inside: [Int] = []
    /// Whether rule 4 found a street within reach; nil if it did not look.
    var streetWithinReach: Bool?

    init(position: LonLat, language: String?, excluding: Set<PlaceID>) {
        self.position = position
        self.language = language
        self.excluding = excluding
    }

    var needsStreet: Bool { parts[.route] == nil }
    var countryCode: String? { parts[.country].flatMap { $0.shortName.count == 2 ? $0.shortName : nil } }

    func allows(_ id: PlaceID) -> Bool { excluding.isEmpty || !excluding.contains(id) }

    mutating func add(_ component: AddressComponent, origin: AddressOrigin?) {
        guard parts[component.kind] == nil else { return }
        parts[component.kind] = component
        if let origin { origins[component.kind] = origin }
    }

    mutating func take(_ address: [String: String], rule: AddressRule, origin: AddressOrigin) {
        // A number comes only with its own street.
        let hasStreet = parts[.route] == nil && (address["street"] ?? address["place"]) != nil
        for component in AddressTags.components(address, rule: rule, language: language) {
            if component.kind == .streetNumber, !hasStreet { continue }
            add(component, origin: origin)
        }
    }

    /// A number whose street no rule knows is not put beside another street.
    mutating func dropLoneNumber() {
        if parts[.route] == nil {
            parts[.streetNumber] = nil
            origins[.streetNumber] = nil
        }
    }

    /// Whether a neighbour's own town and country are this address's: a
    /// postcode is not borrowed across a border.
    func agrees(with address: [String: String]) -> Bool {
        if let city = address["city"], let locality = parts[.locality], !AddressAccuracy.Score.same(city, locality.longName),
            !(parts[.sublocality].map { AddressAccuracy.Score.same(city, $0.longName) } ?? false)
        {
            return false
        }
        if let country = address["country"], let code = countryCode, country.uppercased() != code { return false }
        return true
    }

    func name(_ name: String, _ names: [String: String]) -> String {
        language.flatMap { names[$0] } ?? name
    }

    mutating func addArea(_ kind: AddressComponent.Kind, _ area: AddressArea, origin: AddressOrigin) {
        guard parts[kind] == nil, !area.name.isEmpty else { return }
        var long = name(area.name, area.names)
        var short = long
        if kind == .country {
            long = area.names[language ?? "en"] ?? area.name
            if let code = area.code, code.count == 2 { short = code.uppercased() }
        } else if kind == .administrativeAreaLevel1, let code = area.code, let dash = code.firstIndex(of: "-") {
            short = String(code[code.index(after: dash)...])
        }
        add(AddressComponent(kind, long, shortName: short, rule: .area), origin: origin)
    }

    func result() -> ResolvedAddress? {
        guard !parts.isEmpty else { return nil }
        if parts[.streetNumber] != nil, parts[.route] == nil {
            var trimmed = self
            trimmed.dropLoneNumber()
            return trimmed.result()
        }
        return ResolvedAddress(address: PostalAddress(components: Array(parts.values)), origins: origins)
    }
}
