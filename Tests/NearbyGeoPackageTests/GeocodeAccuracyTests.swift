import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import Testing

/// Forward geocoding held to the data's own answers (the issue's accuracy
/// measure, on Monaco): every address point, its address written three
/// ways people write it, geocodes to that address within 50 m of it (or of
/// another element with the same number on the same street: the data holds
/// a few twice); every named street and every district by its name.
struct GeocodeAccuracyTests {
    static let store = Fixtures.repository.appendingPathComponent("Data/places.gpkg")

    static func metres(_ a: LonLat, _ b: LonLat) -> Double {
        Geodesic.distance(
            from: try! Coordinate(latitude: a.latitude, longitude: a.longitude),
            to: try! Coordinate(latitude: b.latitude, longitude: b.longitude))
    }

    /// As autocomplete asks while a name is typed (`lastWordIsTyped`): every
    /// named street, its last word cut to half its letters ("Avenue de la
    /// Co"), is among the five answers autocomplete shows.
    @Test func everyStreetByTheStartOfItsName() throws {
        let places = try GeoPackagePlaces(url: Self.store)
        let streets = try places.dataset().addressSources.streets
        #expect(streets.count > 100)
        var misses: [String] = []
        for name in Set(streets.map(\.name)).sorted() {
            guard let last = name.split(separator: " ").last, last.count > 1 else { continue }
            let typed = String(name.dropLast(last.count / 2))
            var request = GeocodeRequest(text: typed, limit: 5)
            request.lastWordIsTyped = true
            let answers = try places.geocode(request)
            if !answers.contains(where: { $0.kind == .street && $0.address[.route]?.longName == name }) {
                misses.append("\(typed) → \(answers.map(\.address.formatted))")
            }
        }
        #expect(misses.isEmpty, "\(misses.count) streets missed: \(misses.prefix(10))")
    }

    @Test func everyAddressPointByItsAddress() throws {
        let places = try GeoPackagePlaces(url: Self.store)
        let sources = try places.dataset().addressSources
        let addressed = sources.points.filter { $0.address["housenumber"] != nil && $0.address["street"] != nil }
        #expect(addressed.count > 200)
        var misses: [String] = []
        for point in addressed {
            let a = point.address
            let number = String(a["housenumber"]!.split(separator: ";").first!)
            let street = a["street"]!
            let town = [a["postcode"], a["city"]].compactMap { $0 }.joined(separator: " ")
            for text in ["\(number) \(street)", "\(street) \(number), \(town)", "\(number) \(street), \(a["postcode"] ?? "")"] {
                let first = try places.geocode(GeocodeRequest(text: text)).first
                let sameAddress = addressed.filter {
                    $0.address["street"] == street && $0.address["housenumber"]!.split(separator: ";").contains(Substring(number))
                }
                let near = first.map { found in sameAddress.contains { Self.metres($0.position, found.location) <= 50 } } ?? false
                if first?.kind != .address || first?.partialMatch == true || !near {
                    misses.append("\(text) → \(first?.address.formatted ?? "nothing")")
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.count) of \(addressed.count * 3): \(misses.prefix(10))")
    }

    @Test func everyStreetAndDistrictByItsName() throws {
        let places = try GeoPackagePlaces(url: Self.store)
        let sources = try places.dataset().addressSources
        var misses: [String] = []
        for name in Set(sources.streets.map(\.name)).sorted() {
            let first = try places.geocode(GeocodeRequest(text: name)).first
            let named = sources.streets.filter { $0.name == name }
            let onIt =
                first.map { found in named.contains { $0.lines.joined().contains { Self.metres($0, found.location) <= 1 } } } ?? false
            if first?.kind != .street || !onIt { misses.append("\(name) → \(first?.address.formatted ?? "nothing")") }
        }
        for district in ["Monte-Carlo", "La Condamine", "Monaco-Ville", "Fontvieille"] {
            let first = try places.geocode(GeocodeRequest(text: district)).first
            if first?.address.components.first?.longName != district {
                misses.append("\(district) → \(first?.address.formatted ?? "nothing")")
            }
        }
        #expect(misses.isEmpty, "\(misses.count): \(misses.prefix(10))")
    }

    /// A number the street lacks answers the street, marked partial, never a
    /// neighbouring house; a street the data lacks answers the town, partial;
    /// nothing at all answers nothing.
    @Test func partOfAQuestion() throws {
        let places = try GeoPackagePlaces(url: Self.store)
        let missingNumber = try places.geocode(GeocodeRequest(text: "999 Avenue de la Costa"))
        #expect(missingNumber.map(\.kind) == [.street] && missingNumber.first?.partialMatch == true)
        #expect(missingNumber.first?.address.formatted == "Avenue de la Costa, 98000 Monaco")
        let missingStreet = try places.geocode(GeocodeRequest(text: "Rue Imaginaire 5, Monte-Carlo"))
        #expect(missingStreet.first?.kind == .area(.sublocality) && missingStreet.first?.partialMatch == true)
        #expect(try places.geocode(GeocodeRequest(text: "Rue Imaginaire 5")).isEmpty)
        let typo = try places.geocode(GeocodeRequest(text: "Boulevrad des Moulins"))
        #expect(typo.first?.address.formatted == "Boulevard des Moulins, 98000 Monaco" && typo.first?.partialMatch == false)
        let postcode = try places.geocode(GeocodeRequest(text: "98000"))
        #expect(postcode.first?.kind == .postcode && postcode.first?.address[.postalCode]?.longName == "98000")
        #expect(postcode.first?.address.countryCode == "MC")
        // components: a country restricts, alone they are a question.
        let france = GeocodeRequest.Components(countries: ["FR"])
        #expect(try places.geocode(GeocodeRequest(text: "Avenue de la Costa", components: france)).isEmpty)
        let route = GeocodeRequest.Components(countries: ["MC"], route: "Avenue de la Costa")
        #expect(try places.geocode(GeocodeRequest(text: nil, components: route)).first?.kind == .street)
        #expect(throws: NearbyAPIError.self) { try places.geocode(GeocodeRequest(text: "the of")) }
    }
}
