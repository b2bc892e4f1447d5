import Foundation
import Testing

@testable import NearbyKit

/// `KindVocabulary`: Data/vocabulary.tsv as compiled in, read as the
/// question reader and name search read it.
struct KindVocabularyTests {
    static let vocabulary = KindVocabulary.shared

    /// The file and the table are written together: every row's kind is a
    /// category, and every row has its five fields (a row the reader skipped
    /// would be a word lost without a word said).
    @Test func everyRowNamesAKindOfTheTable() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Data/vocabulary.tsv"), encoding: .utf8)
        var rows = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(fields.count == 5, "\(line)")
            #expect(PlaceCategory(rawValue: String(fields[0])) != nil, "\(line)")
            rows += 1
        }
        #expect(rows > 50_000)
    }

    @Test func aWordIsReadFoldedAsSearchFoldsIt() {
        #expect(Self.vocabulary.kinds(named: "apotheke", language: nil) == [.pharmacy])
        #expect(Self.vocabulary.kinds(named: SearchWords.folded("Boulangerie"), language: nil) == [.bakery])
        #expect(Self.vocabulary.kinds(named: SearchWords.folded("Tankstelle"), language: "de") == [.fuel])
        #expect(Self.vocabulary.kinds(named: SearchWords.folded("Аптека"), language: "ru") == [.pharmacy])
        #expect(Self.vocabulary.kinds(named: "bureau de poste", language: "fr") == [.postOffice])
        #expect(Self.vocabulary.senses(of: "apotheke").contains { $0.locale == "de" && $0.standing == .name })
    }

    /// iD's "Bushaltestelle (Wartebereich)": the words before the parenthesis are the kind's name too.
    @Test func aPhraseAnswersToItsWordsBeforeAParenthesis() throws {
        let busStop = try #require(PlaceCategory(rawValue: "bus_stop"))
        #expect(Self.vocabulary.kinds(named: "bushaltestelle wartebereich", language: "de") == [busStop])
        #expect(Self.vocabulary.kinds(named: "bushaltestelle", language: "de") == [busStop])
    }

    /// "bar" is a café in Italian, a bar in English; "park" a car park's word in Spanish.
    @Test func aWordOfSeveralKindsIsReadInTheLanguageAskedThenEnglish() throws {
        let park = try #require(PlaceCategory(rawValue: "park"))
        let parking = try #require(PlaceCategory(rawValue: "parking"))
        #expect(Self.vocabulary.kinds(named: "bar", language: "it") == [.cafe])
        #expect(Self.vocabulary.kinds(named: "bar", language: "en") == [.bar])
        #expect(Self.vocabulary.kinds(named: "bar", language: nil) == [.bar])
        #expect(Self.vocabulary.kinds(named: "bar", language: "ja") == [.bar])
        #expect(Self.vocabulary.kinds(named: "park", language: "es") == [parking])
        #expect(Self.vocabulary.kinds(named: "park", language: nil) == [park])
    }

    @Test func aKindHasItsLabelInEachLanguage() throws {
        #expect(Self.vocabulary.label(of: .pharmacy, in: "de")?.text == "Apotheke")
        #expect(Self.vocabulary.label(of: .bakery, in: "fr")?.text == "Boulangerie")
        #expect(Self.vocabulary.label(of: .pharmacy, in: "de-AT").map { [$0.text, $0.locale] } == ["Apotheke", "de"])
        #expect(Self.vocabulary.label(of: .pharmacy, in: "tlh") == nil)
        // Shown as a kind's name, without the parenthesis iD tells its presets apart by.
        let busStop = try #require(PlaceCategory(rawValue: "bus_stop"))
        #expect(Self.vocabulary.label(of: busStop, in: "de")?.text == "Bushaltestelle")
    }

    /// "Pizzeria", "Döner", "sushi" name a cuisine: name search reads them as
    /// the cuisine's word, and the question reader as no kind of their own.
    @Test func cuisineWordsNameTheirCuisine() {
        #expect(Self.vocabulary.cuisines(namedBy: "pizzeria").contains("pizza"))
        #expect(Self.vocabulary.cuisines(namedBy: "doner").contains("kebab"))
        #expect(Self.vocabulary.cuisines(namedBy: "sushi").contains("sushi"))
        #expect(Self.vocabulary.kinds(named: "pizzeria", language: "it").isEmpty)
        #expect(!Self.vocabulary.names(.restaurant, startedBy: "pizzeria"))
        #expect(Self.vocabulary.cuisines(namedBy: "restaurant").isEmpty)
        #expect(Self.vocabulary.names(.restaurant, startedBy: "restaurant"))
        #expect(Self.vocabulary.names(.restaurant, startedBy: "restaur"))
    }

    /// A kind's word typed whole names the kinds it is a name of, not those whose words it starts.
    @Test func aWholeWordNamesItsOwnKindsOnly() {
        #expect(Self.vocabulary.names(.bank, startedBy: "bank"))
        #expect(!Self.vocabulary.names(.atm, startedBy: "bank"))
        #expect(Self.vocabulary.names(.atm, startedBy: "bankomat"))
        #expect(Self.vocabulary.kinds(named: "the", language: nil).isEmpty)
    }

    /// Only the table's own words are read from their start ("pharm"): a word of
    /// another language, or an iD search term, names its kind typed whole. Every
    /// language's words together start with nearly anything, and "caf par" is a
    /// name being typed (ListAndShowTests.searchByNameAsTyped).
    @Test func onlyTheTablesWordsAreReadFromTheirStart() {
        #expect(Self.vocabulary.names(.pharmacy, startedBy: "pharm"))
        #expect(Self.vocabulary.names(.pharmacy, startedBy: "farmacia"))
        #expect(!Self.vocabulary.names(.pharmacy, startedBy: "farmac"))
        #expect(!Self.vocabulary.names(.atm, startedBy: "bankom"))
        #expect(Self.vocabulary.names(.cafe, startedBy: "caf"))
        // "cafe" is one of iD's English search terms for a restaurant.
        #expect(!Self.vocabulary.names(.restaurant, startedBy: "caf"))
        #expect(Self.vocabulary.cuisines(namedBy: "pizzer").isEmpty)
    }

    @Test func aKindsWordsAreItsEnglishOnesAndTheVocabularys() {
        let words = PlaceCategory.pharmacy.searchWordsInEveryLanguage
        #expect(Set(PlaceCategory.pharmacy.searchWords).isSubset(of: words))
        for word in ["apotheke", "farmacia", "pharmacie", "apteka", "аптека", "薬局"] { #expect(words.contains(word), "\(word)") }
        #expect(words == words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
