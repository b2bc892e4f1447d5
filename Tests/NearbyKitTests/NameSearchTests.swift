import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

/// A name search's ways to its candidates — the spatial index walked among
/// the word index's places or among the places every typed word shares, or
/// walked whole asking the word index of each place — against matching every
/// place of Monaco with `NameQuery.match`.
struct NameSearchTests {
    static let places = try! PlacesDataset.load(from: Repository.places).places
    /// One store that always walks among the word index's places, one that
    /// always walks the whole tree, one that often walks among what several
    /// typed words share.
    static let stores = [
        ("words", PlaceStore(places: places, mostCandidatesFromWords: .max)),
        ("tree", PlaceStore(places: places, mostCandidatesFromWords: 0)),
        ("shared", PlaceStore(places: places, mostCandidatesFromWords: 20)),
    ]

    /// Half the equator: more than any two places lie apart.
    static let wholeEarth = Geodesic.equatorialRadius * .pi

    /// Every keystroke of 30 seeded names (their other languages' too), as
    /// autocomplete asks: anywhere, the best five; then typos, kinds and two
    /// words, near the Casino, with and without limits and kinds.
    static let searches: [(text: String, radius: Double, limit: Int?, kinds: Set<PlaceCategory>?, excluded: Set<PlaceCategory>)] = {
        var generator = SeededGenerator(seed: 11)
        var searches: [(String, Double, Int?, Set<PlaceCategory>?, Set<PlaceCategory>)] = []
        let named = places.filter { !$0.name.isEmpty }
        for _ in 0..<30 {
            let place = named.randomElement(using: &generator)!
            let names = [place.name] + place.tags.filter { NameQuery.isNameTag($0.key) }.map(\.value)
            let name = names.randomElement(using: &generator)!
            for end in name.indices.dropFirst() + [name.endIndex] {
                searches.append((String(name[..<end]), Self.wholeEarth, 5, nil, []))
            }
        }
        let words = places.flatMap { NameQuery.nameWords(of: $0) }.filter { $0.count >= 5 }
        for i in 0..<90 {
            var letters = Array(words.randomElement(using: &generator)!)
            let at = Int.random(in: 1..<letters.count - 1, using: &generator)
            switch i % 4 {
            case 0: letters.remove(at: at)
            case 1: letters.swapAt(at, at + 1)
            case 2: letters[at] = "q"
            default: letters.insert("e", at: at)
            }
            let text = [String(letters), "cafe", "restaurnt", "pharm", "sushi", "bus st"][i % 6]
            let other = i % 3 == 0 ? " " + String(words.randomElement(using: &generator)!.prefix(2)) : ""
            let radius = [300.0, 1500, 50_000].randomElement(using: &generator)!
            let limit = [nil, 1, 5, 20].randomElement(using: &generator)!
            let kinds = i % 5 == 0 ? Set(PlaceCategoryGroup(rawValue: "food")!.categories) : nil
            searches.append((text + other, radius, limit, kinds, i % 7 == 0 ? [.restaurant] : []))
        }
        return searches
    }()

    /// Seconds of work: it yields between searches, so that the suite's
    /// in-process servers, which answer on the same few threads, are not
    /// kept waiting past their timeouts (CONTRIBUTING.md, "Tests").
    @Test func bothWaysAnswerAsMatchingEveryPlace() async throws {
        let center = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        let distances = Self.places.map { Geodesic.distance(from: center, to: $0.coordinate) }
        var answered = 0
        for search in Self.searches {
            await Task.yield()
            let query = NameQuery(search.text)
            guard !query.isEmpty else { continue }
            let expected = zip(Self.places, distances).compactMap { place, d -> (NameMatch, Double, Place)? in
                guard d <= search.radius, search.kinds.map({ place.categories.contains(where: $0.contains) }) ?? true,
                    !place.categories.contains(where: search.excluded.contains), let match = query.match(place)
                else { return nil }
                return (match, d, place)
            }.sorted { ($0.0, $0.1, $0.2.name, $0.2.id) < ($1.0, $1.1, $1.2.name, $1.2.id) }
            let best = Array(expected.prefix(search.limit ?? expected.count))
            for (way, store) in Self.stores {
                let hits = store.places(
                    named: query, near: center, within: search.radius, in: search.kinds, excluding: search.excluded, limit: search.limit)
                // Nearest first (ties by name, then id), for the answer to rank by match.
                #expect(Set(hits.map(\.place.id)) == Set(best.map(\.2.id)), "\(way): \(search)")
                #expect(
                    hits.map(\.place.id)
                        == best.sorted { ($0.1, $0.2.name, $0.2.id) < ($1.1, $1.2.name, $1.2.id) }.map(\.2.id), "\(way): \(search)")
                answered += hits.count
            }
        }
        #expect(answered > 2_000)
    }

    /// A typed letter starts a word whose letter carries a mark ("क" of
    /// "किताब"): words compare byte for byte, not as Characters.
    @Test func aLetterStartsAWordItsMarkFollows() throws {
        let spot = try Coordinate(latitude: 0, longitude: 0)
        let store = PlaceStore(places: [Place(id: "n1", name: "किताब घर", category: PlaceCategory(rawValue: "books")!, coordinate: spot)])
        #expect(store.places(named: NameQuery("क"), near: spot, within: 1000, limit: 5).map(\.place.id) == ["n1"])
        #expect(NameQuery("क").match(store.places[0]) == .prefix)
        #expect(NameQuery("किताब").match(store.places[0]) == .word)
    }

    /// Words one edit from a typed word, found through the deletions dictionary:
    /// a letter dropped, added, changed, two swapped; never two edits.
    @Test func typosAreOneEditAway() throws {
        let spot = try Coordinate(latitude: 0, longitude: 0)
        let store = PlaceStore(places: [
            Place(id: "n1", name: "Boulangerie Martin", category: .bakery, coordinate: spot),
            Place(id: "n2", name: "Marina", category: .cafe, coordinate: spot),
        ])
        for typed in ["martn", "martiin", "marton", "mratin", "boulangreie"] {
            #expect(store.places(named: NameQuery(typed), near: spot, within: 10, limit: 5).map(\.place.id) == ["n1"], "\(typed)")
        }
        #expect(store.places(named: NameQuery("mrtn"), near: spot, within: 10).isEmpty)
        #expect(store.places(named: NameQuery("marxxn"), near: spot, within: 10).isEmpty)
    }
}
