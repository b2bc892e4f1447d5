import Foundation
import Testing

@testable import NearbyServer

/// Autocomplete's hand-written answer reads back, as JSON, as what it was given.
struct SuggestionsTests {
    @Test func textFromTheDataReadsBackAsItWas() throws {
        let awkward = "Chez \"Lou\" \\ l'Étoile\n\t\u{1}/🍕"
        var suggestions = Suggestions()
        suggestions.appendPlace(
            id: "n1", whole: .init(text: awkward + ", Monaco", matches: [.init(startOffset: nil, endOffset: 4)]),
            main: .init(text: awkward, matches: [.init(startOffset: 5, endOffset: 8)]), secondary: "Monaco", types: ["cafe", "food"],
            distanceMeters: 12)
        suggestions.appendQuery(.init(text: "Cafés", matches: []))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(suggestions.json.utf8)) as? [String: Any])
        let all = try #require(json["suggestions"] as? [[String: Any]])
        let place = try #require(all.first?["placePrediction"] as? [String: Any])
        #expect(place["place"] as? String == "places/n1" && place["placeId"] as? String == "n1")
        #expect(place["distanceMeters"] as? Int == 12 && place["types"] as? [String] == ["cafe", "food"])
        let format = try #require(place["structuredFormat"] as? [String: Any])
        let main = try #require(format["mainText"] as? [String: Any])
        #expect(main["text"] as? String == awkward)
        #expect(main["matches"] as? [[String: Int]] == [["startOffset": 5, "endOffset": 8]])
        #expect((format["secondaryText"] as? [String: Any])?["text"] as? String == "Monaco")
        #expect((place["text"] as? [String: Any])?["matches"] as? [[String: Int]] == [["endOffset": 4]])
        let query = try #require(all.last?["queryPrediction"] as? [String: Any])
        #expect((query["text"] as? [String: Any])?.keys.sorted() == ["text"])
    }

    @Test func nothingIsAnEmptyObject() {
        #expect(Suggestions().json == "{}")
    }
}
