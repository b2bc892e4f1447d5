import Testing

@testable import NearbyKit

/// `Question.read`: what the form of a question gives away, before any data
/// is asked — positions, numbers, postcodes, kinds, tags, and "in"/"near".
struct QuestionTests {
    static func read(_ text: String) throws -> Question { try Question.read(text) }

    @Test func numbersAndPostcodesInTheOrdersPeopleWriteThem() throws {
        let austrasse = try Self.read("Austrasse 11, 9490 Vaduz")
        #expect(austrasse.houseNumber == "11" && austrasse.postcode == "9490")
        #expect(austrasse.parts == [["austrasse"], ["vaduz"]])
        #expect(!austrasse.numberIsPostcodeOrHouseNumber)
        let withoutCommas = try Self.read("Austrasse 11 9490 Vaduz")
        #expect(withoutCommas.houseNumber == "11" && withoutCommas.postcode == "9490")
        #expect(withoutCommas.parts == [["austrasse", "vaduz"]])
        let costa = try Self.read("11 avenue de la Costa")
        #expect(costa.houseNumber == "11" && costa.postcode == nil && costa.parts == [["avenue", "de", "la", "costa"]])
        let kingston = try Self.read("697 Upper Kingston Road")
        #expect(kingston.houseNumber == "697" && kingston.parts == [["upper", "kingston", "road"]])
        let suffix = try Self.read("34 b Quai Jean-Charles Rey")
        #expect(suffix.houseNumber == "34 b" && suffix.parts == [["quai", "jean", "charles", "rey"]])
        #expect(try Self.read("Rue Grimaldi 11bis").houseNumber == "11bis")
        #expect(try Self.read("20' Leitawisstrasse").houseNumber == "20'")
        #expect(Geocoder.normalised("20\u{2032}") == Geocoder.normalised("20'"))
        #expect(try Self.read("10 Downing Street, London SW1A 2AA").postcode == "SW1A 2AA")
        // A lone 4–5 digit number may be either, and says so.
        let either = try Self.read("9490 Vaduz")
        #expect(either.houseNumber == "9490" && either.postcode == "9490" && either.numberIsPostcodeOrHouseNumber)
        let postcode = try Self.read("98000")
        #expect(postcode.postcode == "98000" && postcode.houseNumber == nil && postcode.parts.isEmpty)
    }

    @Test func positionsInTheUsualForms() throws {
        for text in ["47.150° N 9.534° E", "47.150N, 9.534E", "N 47.150 E 9.534", "9.534°E 47.150°N", "47.15,9.534", "47.15 9.534"] {
            let position = try #require(try Self.read(text).position, "\(text)")
            #expect(abs(position.latitude - 47.15) < 1e-9 && abs(position.longitude - 9.534) < 1e-9, "\(text)")
        }
        // 47° 15' 7" = 47.251944…, 9° 31' 26" = 9.523888…
        for text in ["N 47 15 7 E 9 31 26", "47°15'7\"N 9°31'26\"E", "47° 15′ 7″ N, 9° 31′ 26″ E"] {
            let position = try #require(try Self.read(text).position, "\(text)")
            #expect(abs(position.latitude - (47 + 15 / 60.0 + 7 / 3600.0)) < 1e-9, "\(text)")
            #expect(abs(position.longitude - (9 + 31 / 60.0 + 26 / 3600.0)) < 1e-9, "\(text)")
        }
        #expect(try Self.read("33.9 S 151.2 E").position?.latitude == -33.9)
        // Not positions: minutes past 59, a latitude past 90, two letters of one axis, three bare numbers.
        for text in ["N 47 75 0 E 9 0 0", "91,7", "N 47 N 9", "47 9 31"] {
            #expect(CoordinateText.parse(text) == nil, "\(text)")
        }
    }

    @Test func kindsTagsAndWhere() throws {
        let vaduz = try Self.read("restaurants in Vaduz")
        #expect(vaduz.kinds.map(\.rawValue) == ["restaurant"])
        #expect(vaduz.near == .words(["vaduz"]) && vaduz.parts == [["restaurants"]])
        #expect(try Self.read("Vaduz restaurant").kinds.map(\.rawValue) == ["restaurant"])
        #expect(try Self.read("cafe near Städtle").near == .words(["stadtle"]))
        let pharmacy = try Self.read("pharmacy near 47.16,9.51")
        #expect(pharmacy.near == .position(try Coordinate(latitude: 47.16, longitude: 9.51)))
        #expect(pharmacy.kinds.map(\.rawValue) == ["pharmacy"])
        #expect(try Self.read("post office Monaco").kinds.map(\.rawValue) == ["post_office"])
        let tagged = try Self.read("[amenity=pharmacy] Vaduz")
        #expect(tagged.tag == Question.Tag(key: "amenity", value: "pharmacy") && tagged.parts == [["vaduz"]])
        #expect(try Self.read("[pharmacy] Vaduz").kinds.map(\.rawValue) == ["pharmacy"])
        // "in" first or last, or after a house number alone, is a word, not a split.
        #expect(try Self.read("in Vaduz").near == nil)
        let egerta = try Self.read("11 In der Egerta, Schaan")
        #expect(egerta.near == nil && egerta.houseNumber == "11" && egerta.parts == [["in", "der", "egerta"], ["schaan"]])
        #expect(try Self.read("12a in der Au").near == nil)
    }

    /// A kind beside a town with no "in" ("Vaduz restaurant"): the words that may be the town.
    @Test func aPlaceBesideAKind() throws {
        #expect(try Self.read("Vaduz restaurant").placeBesideKind == ["vaduz"])
        #expect(try Self.read("restaurants Monte-Carlo").placeBesideKind == ["monte", "carlo"])
        #expect(try Self.read("post office Triesen").placeBesideKind == ["triesen"])
        // A name with a kind's word in it, the kind alone, a number, or where already said: none.
        for text in [
            "Café de Paris", "Hotel de la Poste", "restaurant", "Austrasse 11 restaurant", "restaurants in Vaduz", "Pizza du Jour",
        ] {
            #expect(try Self.read(text).placeBesideKind == nil, "\(text)")
        }
    }

    @Test func textThatIsNoQuestion() {
        #expect(throws: QuestionError.empty) { try Self.read("   ") }
        #expect(throws: QuestionError.tooLong(bytes: 401)) { try Self.read(String(repeating: "a", count: 401)) }
        #expect(throws: QuestionError.controlCharacter) { try Self.read("Vaduz\u{7}") }
        #expect(throws: QuestionError.nothingToLookFor) { try Self.read(", . ; !") }
        #expect(throws: QuestionError.nothingToLookFor) { try Self.read("the of") }
        #expect((try? Self.read(String(repeating: "é", count: 200))) != nil)  // 400 bytes
    }
}
