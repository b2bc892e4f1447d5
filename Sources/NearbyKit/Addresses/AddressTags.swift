import Foundation

/// The parts of an address that `addr:*` tags give, keys without the
/// `addr:` prefix (`housenumber`, `street`, `place`, `postcode`, `city`,
/// `suburb`, `state`, `country`).
enum AddressTags {
    static func components(_ address: [String: String], rule: AddressRule, language: String?) -> [AddressComponent] {
        var parts: [AddressComponent] = []
        func add(_ kind: AddressComponent.Kind, _ key: String) {
            if let value = address[key], !value.isEmpty { parts.append(AddressComponent(kind, value, rule: rule)) }
        }
        add(.streetNumber, "housenumber")
        if address["street"] != nil { add(.route, "street") } else { add(.route, "place") }
        add(.postalCode, "postcode")
        add(.locality, "city")
        add(.sublocality, "suburb")
        add(.administrativeAreaLevel1, "state")
        if let code = address["country"]?.uppercased(), code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) {
            parts.append(AddressComponent(.country, countryName(code, language: language), shortName: code, rule: rule))
        }
        return parts
    }

    /// A country's name from its ISO 3166-1 code, in the language asked
    /// (English by default, as Google's APIs), from ICU's tables.
    static func countryName(_ code: String, language: String?) -> String {
        Locale(identifier: language ?? "en").localizedString(forRegionCode: code) ?? code
    }
}
