import Testing

@testable import NearbyKit

/// How each country's addresses are written (docs/ADDRESSES.md lists the forms).
struct AddressFormatTests {
    private static func address(
        _ country: String, number: String? = "12", street: String = "Main Street", postcode: String? = "12345",
        town: String = "Springfield", countryName: String? = nil, state: (String, String)? = nil
    ) -> PostalAddress {
        var parts = [
            AddressComponent(.route, street, rule: .tags), AddressComponent(.locality, town, rule: .area),
            AddressComponent(.country, countryName ?? country, shortName: country, rule: .area),
        ]
        if let number { parts.append(AddressComponent(.streetNumber, number, rule: .tags)) }
        if let postcode { parts.append(AddressComponent(.postalCode, postcode, rule: .tags)) }
        if let state { parts.append(AddressComponent(.administrativeAreaLevel1, state.0, shortName: state.1, rule: .area)) }
        return PostalAddress(components: parts)
    }

    @Test func eachCountryWritesItsOwnWay() {
        #expect(
            Self.address("MC", number: "4", street: "Avenue de la Madone", postcode: "98000", town: "Monaco", countryName: "Monaco")
                .formatted
                == "4 Avenue de la Madone, 98000 Monaco")
        #expect(
            Self.address("FR", street: "Rue de Rivoli", postcode: "75001", town: "Paris", countryName: "France").formatted
                == "12 Rue de Rivoli, 75001 Paris, France")
        #expect(
            Self.address("DE", number: "5", street: "Hauptstraße", postcode: "10115", town: "Berlin", countryName: "Germany").formatted
                == "Hauptstraße 5, 10115 Berlin, Germany")
        #expect(
            Self.address("ES", number: "5", street: "Calle Mayor", postcode: "28013", town: "Madrid", countryName: "Spain").formatted
                == "Calle Mayor, 5, 28013 Madrid, Spain")
        #expect(
            Self.address("GB", number: "10", street: "Downing Street", postcode: "SW1A 2AA", town: "London", countryName: "United Kingdom")
                .formatted == "10 Downing Street, London SW1A 2AA, United Kingdom")
        #expect(
            Self.address(
                "US", number: "1600", street: "Amphitheatre Parkway", postcode: "94043", town: "Mountain View",
                countryName: "United States", state: ("California", "CA")
            ).formatted
                == "1600 Amphitheatre Parkway, Mountain View, CA 94043, United States")
        // A country nearby has no form for: number first, postcode before the town.
        #expect(
            Self.address("ZZ", street: "Long Road", postcode: "100", town: "Somewhere", countryName: "Elsewhere").formatted
                == "12 Long Road, 100 Somewhere, Elsewhere")
    }

    @Test func theShortFormIsStreetAndTownAndTheLocatorStreetAndDistrict() {
        var address = Self.address(
            "MC", number: nil, street: "Boulevard des Moulins", postcode: "98000", town: "Monaco", countryName: "Monaco")
        #expect(address.short == "Boulevard des Moulins, Monaco")
        #expect(address.locator == "Boulevard des Moulins, Monaco")
        address = PostalAddress(components: address.components + [AddressComponent(.sublocality, "Monte-Carlo", rule: .area)])
        #expect(address.locator == "Boulevard des Moulins, Monte-Carlo")
        #expect(address.formatted == "Boulevard des Moulins, 98000 Monaco")
    }

    @Test func aWrittenAddressWinsAndSurvivesTheStoredForm() {
        let written = PostalAddress(
            components: [AddressComponent(.route, "Quai Antoine 1er", rule: .tags)], written: "Port Hercule, quai 3")
        #expect(written.formatted == "Port Hercule, quai 3")
        let stored = PostalAddress(components: written.components, formatted: written.formatted)
        #expect(stored == written)
        let plain = PostalAddress(components: written.components)
        #expect(PostalAddress(components: plain.components, formatted: plain.formatted) == plain)
        #expect(plain.written == nil)
    }

    @Test func onePartOfEachKindInGooglesOrder() {
        let address = PostalAddress(components: [
            AddressComponent(.country, "Monaco", shortName: "MC", rule: .area), AddressComponent(.route, "A", rule: .street),
            AddressComponent(.route, "B", rule: .street), AddressComponent(.streetNumber, "1", rule: .tags),
        ])
        #expect(address.components.map(\.kind) == [.streetNumber, .route, .country])
        #expect(address[.route]?.longName == "A")
        #expect(address.countryCode == "MC")
    }
}
