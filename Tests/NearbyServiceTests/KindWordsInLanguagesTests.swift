import Foundation
import NearbyKit
import NearbyService
import Testing

/// Issue 56's test: in ten languages, the word for twenty common kinds finds
/// a place of that kind first at the demo position, through the search
/// `nearby search` makes (the text read as a question, then the service's
/// name search in the language asked). The words are each kind's label in
/// the language (`KindVocabulary.label(of:in:)`); the kinds are written here.
struct KindWordsInLanguagesTests {
    static let casinoGardens = LocalPlaceServiceTests.casinoGardens
    static let service = LocalPlaceService(dataURL: LocalPlaceServiceTests.places)

    static let kinds = [
        "pharmacy", "bakery", "fuel", "supermarket", "hospital", "bank", "atm", "cafe", "restaurant", "hotel",
        "parking", "post_office", "police", "school", "museum", "place_of_worship", "bus_stop", "toilets", "library", "taxi",
    ]
    /// Ten languages, one of them in a script other than Latin (two: Russian and Japanese).
    static let languages = ["de", "fr", "it", "es", "pt", "nl", "pl", "ru", "ja", "cs"]

    /// The first place `nearby search` finds for `text`.
    static func first(_ text: String, language: String) async throws -> Place? {
        var search = PlaceSearch(around: casinoGardens)
        search.name = text
        search.language = language
        search = try await search.readingQuestion(from: service, keepingArea: false)
        return search.arranged(try await service.fetchPlaces(search.placeQuery)).first?.place
    }

    @Test(arguments: languages)
    func theWordForACommonKindFindsThatKindFirst(language: String) async throws {
        for id in Self.kinds {
            let kind = try #require(PlaceCategory(rawValue: id))
            guard let word = KindVocabulary.shared.label(of: kind, in: language)?.text else {
                Issue.record("\(language) has no word for \(id)")
                continue
            }
            let first = try await Self.first(word, language: language)
            #expect(
                first?.categories.contains(kind) == true,
                "\(language) \"\(word)\": \(first.map { "\($0.name) (\($0.category))" } ?? "nothing")")
            await Task.yield()
        }
    }
}

/// `KindList`, the reader of `--category`, `type=` and the pages' `category=`:
/// a word for one kind in another language is that kind; a word for several is refused as before.
struct KindListInLanguagesTests {
    @Test func aWordForOneKindInAnyLanguageIsThatKind() throws {
        #expect(try KindList.read(["Apotheke"]) == [.pharmacy])
        #expect(try KindList.read(["farmacia,Bäckerei"]) == [.pharmacy, .bakery])
        // A category's id is that category in every language.
        #expect(try KindList.read(["bar"], language: "it") == [.bar])
        // Dutch for a fast-food place, Galician for a café: the language asked says which.
        #expect(try KindList.read(["cafetaria"], language: "nl") == [PlaceCategory(rawValue: "fast_food")!])
        #expect(try KindList.read(["cafetaria"], language: "gl") == [.cafe])
    }

    @Test func aWordForSeveralKindsIsUnknown() {
        // "cafetaria" in no language asked.
        for name in ["cafetaria", "spaceport"] {
            #expect(throws: KindList.UnknownKind.self) { try KindList.read([name]) }
        }
    }
}

/// A cuisine's word finds the places serving it first, and a question's kind
/// word is read in the language asked.
struct CuisineAndQuestionWordsTests {
    /// Past the places named by the word ("Pizzeria Monégasque"), the first is one serving a cuisine the
    /// word names (iD's French calls an Italian restaurant a pizzeria too, its Dutch a Japanese one a sushi place), not any restaurant.
    @Test(arguments: [("Pizzeria", ["pizza", "italian"]), ("sushi", ["sushi", "japanese"]), ("Sushi-Restaurant", ["sushi", "japanese"])])
    func aCuisineWordFindsThatCuisineFirst(word: String, cuisines: [String]) async throws {
        let service = KindWordsInLanguagesTests.service
        var search = PlaceSearch(around: KindWordsInLanguagesTests.casinoGardens)
        search.name = word
        search.language = "de"
        let hits = try await service.fetchPlaces(search.placeQuery).map(\.place)
        let first = try #require(hits.first { !NameQuery.nameWords(of: $0).contains(SearchWords.of(word)[0]) })
        #expect(SearchWords.of(first.cuisine ?? "").contains { cuisines.contains($0) }, "\(first.name): \(first.cuisine ?? "no cuisine")")
    }

    @Test func aQuestionsKindWordIsReadInTheLanguageAsked() async throws {
        // A position, not a town: the GeoJSON store holds no addresses to find one by.
        let service = KindWordsInLanguagesTests.service
        var search = PlaceSearch(around: KindWordsInLanguagesTests.casinoGardens)
        search.name = "Apotheke near 43.7384,7.4246"
        let pharmacies = try await search.readingQuestion(from: service, keepingArea: false)
        #expect(pharmacies.kinds == [.pharmacy] && pharmacies.name == nil)
        search.name = "bar near 43.7384,7.4246"
        search.language = "it"
        #expect(try await search.readingQuestion(from: service, keepingArea: false).kinds == [.cafe])
        search.language = nil
        #expect(try await search.readingQuestion(from: service, keepingArea: false).kinds == [.bar])
    }
}
