import Testing

@testable import NearbyServer

/// Autocomplete's `matches`: offsets in Unicode characters of the word
/// starts that what was typed matches, case and accents ignored.
struct TextMatchesTests {
    func ranges(_ typed: [String], _ text: String) -> [[Int]] {
        TextMatches.ranges(of: typed, in: text).map { [$0.startOffset ?? 0, $0.endOffset] }
    }

    @Test func wordStartsAsSearchComparesThem() {
        #expect(ranges(["cafe", "de", "p"], "Café de Paris") == [[0, 4], [5, 7], [8, 9]])
        #expect(ranges(["hotel"], "Le Louis XV - Alain Ducasse à l'Hôtel de Paris") == [[32, 37]])
        // Each typed word marks one word, the first it starts that is not taken.
        #expect(ranges(["de", "de"], "Jardins du Cafe de Paris de Monaco") == [[16, 18], [25, 27]])
        #expect(ranges(["aris"], "Café de Paris").isEmpty)
    }

    @Test func lettersThatFoldToSeveralOrToNone() {
        // ß folds to ss: typing "stras" marks all of "Straß" but nothing beyond.
        #expect(ranges(["strass"], "Straße 1") == [[0, 5]])
        #expect(ranges(["stra"], "Straße 1") == [[0, 4]])
        // An accent written apart from its letter belongs to it.
        #expect(ranges(["cafe"], "Cafe\u{301} du Port") == [[0, 5]])
        // proto3 JSON leaves out a start of 0.
        #expect(TextMatches.ranges(of: ["caf"], in: "Café").first?.startOffset == nil)
    }
}
