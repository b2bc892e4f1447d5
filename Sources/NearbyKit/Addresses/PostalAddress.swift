/// A place's or a position's address: its parts, as Google names them, and
/// the lines a country writes them in.
public struct PostalAddress: Hashable, Sendable {
    /// At most one of each kind, in Google's order (street number first).
    public private(set) var components: [AddressComponent]
    /// The whole address as the data writes it (`addr:full`), which wins
    /// over the parts put together.
    public private(set) var written: String?

    /// The whole address, as the country writes it: "4 Avenue de la Madone,
    /// 98000 Monaco". Put together once: every answer that shows the place
    /// reads it.
    public let formatted: String

    /// The street and the locality, as Google's `vicinity` and
    /// `shortFormattedAddress`: "4 Avenue de la Madone, Monaco"; the written
    /// address when there are no parts.
    public let short: String

    public init(components: [AddressComponent], written: String? = nil) {
        var seen = Set<AddressComponent.Kind>()
        let components = components.sorted { $0.kind < $1.kind }.filter { seen.insert($0.kind).inserted }
        let written = written.flatMap { $0.isEmpty ? nil : $0 }
        let format = AddressFormat.of(country: Self.countryCode(components))
        self.components = components
        self.written = written
        formatted = written ?? format.full(components)
        short = components.isEmpty ? formatted : format.short(components)
    }

    /// An address read back from a store: `formatted` is kept as written
    /// only when the parts would not give it.
    public init(components: [AddressComponent], formatted: String?) {
        let parts = PostalAddress(components: components)
        guard let formatted, formatted != parts.formatted else {
            self = parts
            return
        }
        self.init(components: components, written: formatted)
    }

    /// The same address with other parts (and the same written form).
    public func with(components: [AddressComponent]) -> PostalAddress {
        PostalAddress(components: components, written: written)
    }

    /// What the place's own tags said, read back from the address derived
    /// from them (`AddressDerivation`): the parts its tags gave and the
    /// written form; nil when they said nothing.
    public var own: PostalAddress? {
        let parts = components.filter { $0.rule == .tags }
        return parts.isEmpty && written == nil ? nil : PostalAddress(components: parts, written: written)
    }

    /// The same parts, put together as the country writes them (the
    /// written form belongs to the whole address, not to a part of it).
    public var unwritten: PostalAddress { PostalAddress(components: components) }

    public subscript(kind: AddressComponent.Kind) -> AddressComponent? {
        components.first { $0.kind == kind }
    }

    /// The street and the district (else the town): how a screen names the
    /// position it searches from, "Boulevard des Moulins, Monte-Carlo".
    public var locator: String {
        components.isEmpty ? formatted : AddressFormat.of(country: countryCode).locator(components)
    }

    /// The ISO 3166-1 code of the country, when known.
    public var countryCode: String? { Self.countryCode(components) }

    private static func countryCode(_ components: [AddressComponent]) -> String? {
        guard let country = components.first(where: { $0.kind == .country }), country.shortName.count == 2 else { return nil }
        return country.shortName.uppercased()
    }

    /// Both a street and a locality; only one of them; neither.
    public var coverage: AddressCoverage.Level {
        switch (self[.route] != nil, self[.locality] != nil) {
        case (true, true): .streetAndLocality
        case (false, true): .localityOnly
        case (true, false): .streetOnly
        case (false, false): .none
        }
    }
}

extension PostalAddress {
    /// The formatted address's first part and the rest: "Rue Grimaldi" and
    /// "98000 Monaco". A street, an address or a town is named so where a
    /// list shows it beside places.
    public var headline: (name: String, rest: String?) {
        let parts = formatted.components(separatedBy: ", ").filter { !$0.isEmpty }
        guard let name = parts.first else { return (formatted, nil) }
        return (name, parts.count > 1 ? parts.dropFirst().joined(separator: ", ") : nil)
    }
}
