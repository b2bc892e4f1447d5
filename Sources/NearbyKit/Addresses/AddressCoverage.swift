/// How many places have which parts of an address, and whether the aims of
/// docs/ADDRESSES.md hold: every place in a populated area has a locality,
/// and places near a named street have a street.
public struct AddressCoverage: Sendable, Equatable {
    public enum Level: Sendable {
        case streetAndLocality, localityOnly, streetOnly, none
    }

    public var places = 0
    public var streetAndLocality = 0
    public var localityOnly = 0
    public var streetOnly = 0
    public var none = 0
    /// Places inside a locality or district boundary or a `place=*` area,
    /// or within 1 km of a `place=*` node; and how many of them have a locality.
    public var populated = 0
    public var populatedWithLocality = 0
    /// Places within 100 m of a named street; and how many have a street.
    public var nearStreet = 0
    public var nearStreetWithStreet = 0

    public init() {}

    mutating func count(_ address: PostalAddress?, populated isPopulated: Bool, nearStreet isNearStreet: Bool) {
        places += 1
        let level = address?.coverage ?? .none
        switch level {
        case .streetAndLocality: streetAndLocality += 1
        case .localityOnly: localityOnly += 1
        case .streetOnly: streetOnly += 1
        case .none: none += 1
        }
        if isPopulated {
            populated += 1
            if level == .streetAndLocality || level == .localityOnly { populatedWithLocality += 1 }
        }
        if isNearStreet {
            nearStreet += 1
            if level == .streetAndLocality || level == .streetOnly { nearStreetWithStreet += 1 }
        }
    }

    mutating func add(_ other: AddressCoverage) {
        places += other.places
        streetAndLocality += other.streetAndLocality
        localityOnly += other.localityOnly
        streetOnly += other.streetOnly
        none += other.none
        populated += other.populated
        populatedWithLocality += other.populatedWithLocality
        nearStreet += other.nearStreet
        nearStreetWithStreet += other.nearStreetWithStreet
    }

    /// "addresses: 97.1 % street and locality, 2.9 % locality only, 0 % none; …"
    public var summary: String {
        var shares = [
            "\(Self.percent(streetAndLocality, places)) street and locality", "\(Self.percent(localityOnly, places)) locality only",
        ]
        if streetOnly > 0 { shares.append("\(Self.percent(streetOnly, places)) street only") }
        shares.append("\(Self.percent(none, places)) none")
        return "addresses: " + shares.joined(separator: ", ")
            + "; a locality for \(Self.percent(populatedWithLocality, populated)) of the \(populated) places in populated areas"
            + "; a street for \(Self.percent(nearStreetWithStreet, nearStreet)) of the \(nearStreet) within 100 m of a named street"
    }

    /// One decimal, "–" of nothing.
    static func percent(_ part: Int, _ whole: Int) -> String {
        guard whole > 0 else { return "–" }
        let tenths = (Double(part) * 1000 / Double(whole)).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) %" : "\(tenths) %"
    }
}
