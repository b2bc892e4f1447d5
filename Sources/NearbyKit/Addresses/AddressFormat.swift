/// How a country writes an address on an envelope, in the few forms that
/// cover most of OpenStreetMap's addresses; docs/ADDRESSES.md lists the
/// countries of each and the fallback.
struct AddressFormat: Sendable {
    enum StreetLine {
        /// "4 Avenue de la Madone" (France, Monaco, the English-speaking world).
        case numberFirst
        /// "Hauptstraße 5" (Germany and most of continental Europe).
        case numberLast
        /// "Calle Mayor, 5" (Spain).
        case numberLastAfterComma
    }

    enum TownLine {
        /// "98000 Monaco".
        case postcodeFirst
        /// "London SW1A 1AA".
        case postcodeLast
        /// "Springfield, IL 62701": the town, the state's short name, the postcode.
        case stateAndPostcode
    }

    var street: StreetLine
    var town: TownLine

    static let fallback = AddressFormat(street: .numberFirst, town: .postcodeFirst)

    private static let numberLast: Set<String> = [
        "AT", "BA", "BE", "CH", "CZ", "DE", "DK", "EE", "FI", "HR", "IS", "IT", "LI", "LT", "LV", "NL", "NO", "PL", "PT", "RS",
        "SE", "SI", "SK", "SM", "VA",
    ]
    private static let postcodeLast: Set<String> = ["GB", "IE", "IM", "JE", "GG"]
    private static let stateAndPostcode: Set<String> = ["US", "CA", "AU"]

    static func of(country code: String?) -> AddressFormat {
        guard let code else { return fallback }
        if code == "ES" { return AddressFormat(street: .numberLastAfterComma, town: .postcodeFirst) }
        if numberLast.contains(code) { return AddressFormat(street: .numberLast, town: .postcodeFirst) }
        if postcodeLast.contains(code) { return AddressFormat(street: .numberFirst, town: .postcodeLast) }
        if stateAndPostcode.contains(code) { return AddressFormat(street: .numberFirst, town: .stateAndPostcode) }
        return fallback
    }

    /// Street, then (when there is no street) the district, then the town
    /// line, then the country unless the town bears its name (Monaco).
    func full(_ components: [AddressComponent]) -> String {
        let parts = Parts(components)
        var lines: [String] = []
        if let street = streetLine(parts) {
            lines.append(street)
        } else if let district = parts.sublocality ?? parts.neighborhood {
            lines.append(district)
        }
        if let town = townLine(parts) { lines.append(town) }
        if let country = parts.country, country != parts.locality { lines.append(country) }
        return lines.joined(separator: ", ")
    }

    /// Street and town, as Google's `vicinity`.
    func short(_ components: [AddressComponent]) -> String {
        let parts = Parts(components)
        let place = parts.locality ?? parts.administrativeArea2 ?? parts.country
        let first = streetLine(parts) ?? parts.sublocality ?? parts.neighborhood
        return [first, place].compactMap { $0 }.joined(separator: ", ")
    }

    /// Street and district (else town), to name a position: "Boulevard des
    /// Moulins, Monte-Carlo".
    func locator(_ components: [AddressComponent]) -> String {
        let parts = Parts(components)
        let area = parts.sublocality ?? parts.locality ?? parts.administrativeArea2 ?? parts.country
        let first = streetLine(parts) ?? parts.neighborhood
        return [first, area].compactMap { $0 }.joined(separator: ", ")
    }

    private func streetLine(_ parts: Parts) -> String? {
        guard let route = parts.route else { return nil }
        guard let number = parts.number else { return route }
        return switch street {
        case .numberFirst: "\(number) \(route)"
        case .numberLast: "\(route) \(number)"
        case .numberLastAfterComma: "\(route), \(number)"
        }
    }

    private func townLine(_ parts: Parts) -> String? {
        let name = parts.locality ?? parts.administrativeArea2
        switch town {
        case .postcodeFirst:
            return [parts.postcode, name].compactMap { $0 }.joined(separator: " ").nonEmpty
        case .postcodeLast:
            return [name, parts.postcode].compactMap { $0 }.joined(separator: " ").nonEmpty
        case .stateAndPostcode:
            let state = [parts.stateShort, parts.postcode].compactMap { $0 }.joined(separator: " ").nonEmpty
            return [name, state].compactMap { $0 }.joined(separator: ", ").nonEmpty
        }
    }

    private struct Parts {
        var number, route, neighborhood, sublocality, locality, administrativeArea2, stateShort, country, postcode: String?

        init(_ components: [AddressComponent]) {
            for component in components {
                let name = component.longName
                switch component.kind {
                case .streetNumber: number = name
                case .route: route = name
                case .neighborhood: neighborhood = name
                case .sublocality: sublocality = name
                case .locality: locality = name
                case .administrativeAreaLevel2: administrativeArea2 = name
                case .administrativeAreaLevel1: stateShort = component.shortName
                case .country: country = name
                case .postalCode: postcode = name
                }
            }
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
