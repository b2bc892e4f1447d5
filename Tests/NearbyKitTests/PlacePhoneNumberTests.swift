import NearbyKit
import Testing

/// Phone numbers as each country writes them, through Debian's
/// libphonenumber. The expected forms are the national numbering plans'
/// own: Monaco's closed plan of eight digits in pairs (no trunk prefix),
/// France's trunk prefix 0 before nine digits in pairs, the United
/// Kingdom's 0 before London's 20 and two groups of four (Ofcom's numbers
/// for drama, 020 7946 0xxx).
struct PlacePhoneNumberTests {
    static func place(phone: String, country: String? = nil) throws -> Place {
        let address = country.map { PostalAddress(components: [AddressComponent(.country, $0, shortName: $0, rule: .tags)]) }
        return Place(
            id: "n1", name: "Téléphone", category: .cafe, coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246),
            address: address, phone: phone)
    }

    @Test(
        arguments: [
            ("+37793151515", nil, "93 15 15 15", "+377 93 15 15 15", "+37793151515"),
            ("+377 98 06 28 00", nil, "98 06 28 00", "+377 98 06 28 00", "+37798062800"),
            ("+33 1 42 68 53 00", nil, "01 42 68 53 00", "+33 1 42 68 53 00", "+33142685300"),
            ("+44 20 7946 0018", nil, "020 7946 0018", "+44 20 7946 0018", "+442079460018"),
            // Written without the country code: read as the place's country's.
            ("93 15 15 15", "MC", "93 15 15 15", "+377 93 15 15 15", "+37793151515"),
            ("01 42 68 53 00", "FR", "01 42 68 53 00", "+33 1 42 68 53 00", "+33142685300"),
            // Several numbers: the first.
            ("+377 93 15 15 15;+377 98 06 28 00", nil, "93 15 15 15", "+377 93 15 15 15", "+37793151515"),
        ] as [(String, String?, String, String, String)])
    func eachCountryAsItWritesItself(phone: String, country: String?, national: String, international: String, e164: String) throws {
        let place = try Self.place(phone: phone, country: country)
        #expect(place.phoneNumber(.national) == national)
        #expect(place.phoneNumber(.international) == international)
        #expect(place.phoneNumber(.e164) == e164)
    }

    /// No number is made up: what is no valid number, or cannot be placed in a country, gives none.
    @Test(
        arguments: [
            ("12", nil), ("93 15 15 15", nil), ("+377 12", nil), ("call us", nil), ("", nil), (String(repeating: "9", count: 200), "MC"),
        ] as [(String, String?)])
    func noNumberIsGuessed(phone: String, country: String?) throws {
        let place = try Self.place(phone: phone, country: country)
        #expect(place.phoneNumber(.national) == nil)
        #expect(place.phoneNumber(.international) == nil)
    }
}
