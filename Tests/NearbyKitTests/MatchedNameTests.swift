import Foundation
import NearbyKit
import Testing

/// `NameQuery.matchedName(of:shown:)`: which of a place's names a search
/// matched, where the name shown does not answer as well (issue 56), on Monaco's places.
struct MatchedNameTests {
    static let places = try! PlacesDataset.load(from: Repository.places).places

    static func place(_ id: String) throws -> Place { try #require(places.first { $0.id == PlaceID(id) }) }

    @Test func anOldNameIsSaid() throws {
        let garden = try Self.place("w432751852")
        #expect(
            NameQuery("pavillons boulingrins").matchedName(of: garden, shown: garden.name)
                == MatchedName(key: "old_name", text: "Pavillons des Boulingrins"))
        // The name shown has "boulingrins" too, and "pavilons" is one typo from the old name's word.
        #expect(NameQuery("boulingrins").matchedName(of: garden, shown: garden.name) == nil)
        #expect(NameQuery("pavilons").matchedName(of: garden, shown: garden.name)?.key == "old_name")
    }

    /// Shown by its English name, the hospital is found by its own.
    @Test func theLocalNameIsSaidWhereAnotherLanguagesIsShown() throws {
        let hospital = try Self.place("w49209406")
        let english = hospital.name(in: "en")
        #expect(english == "Princess Grace Hospital")
        #expect(
            NameQuery("centre hospitalier").matchedName(of: hospital, shown: english)
                == MatchedName(key: "name", text: "Centre Hospitalier Princesse Grace"))
        #expect(NameQuery("princess grace").matchedName(of: hospital, shown: english) == nil)
        // "princess" starts the local name's "princesse": it answers as well as the English one.
        #expect(NameQuery("princess grace").matchedName(of: hospital, shown: hospital.name) == nil)
    }

    /// Words that name the kind match no name: nothing to say.
    @Test func aKindsWordsSayNothing() throws {
        let garden = try Self.place("w432751852")
        #expect(NameQuery("park").matchedName(of: garden, shown: garden.name) == nil)
        #expect(NameQuery("").matchedName(of: garden, shown: garden.name) == nil)
    }
}
