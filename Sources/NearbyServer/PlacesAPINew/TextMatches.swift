import NearbyKit

/// Where the words someone typed match the starts of a text's words, as
/// Google's autocomplete marks them (`matches`: offsets in Unicode
/// characters). Words compare as search compares them (`SearchWords`:
/// case and accents ignored), each typed word at the first unused word it starts.
enum TextMatches {
    struct Range: Equatable {
        /// Absent when 0, as proto3 JSON leaves out a default.
        let startOffset: Int?
        let endOffset: Int
    }

    static func ranges(of typed: [String], in text: String) -> [Range] {
        let words = words(of: text)
        var used = Set<Int>()
        var ranges: [Range] = []
        for word in typed where !word.isEmpty {
            guard let index = words.indices.first(where: { !used.contains($0) && NameQuery.starts(words[$0].folded, with: word) }) else {
                continue
            }
            used.insert(index)
            let found = words[index]
            // The original characters that fold into the typed prefix.
            let letters = word.unicodeScalars.count
            var length = 0
            var end = found.start
            for (offset, piece) in found.pieces {
                // Past the prefix, only an accent mark of the last letter still belongs to it.
                guard length < letters || piece == 0 else { break }
                length += piece
                end = offset + 1
            }
            ranges.append(Range(startOffset: found.start == 0 ? nil : found.start, endOffset: end))
        }
        return ranges.sorted { ($0.startOffset ?? 0) < ($1.startOffset ?? 0) }
    }

    /// A text's words: where each starts, its folded form, and for each of
    /// its characters how many folded scalars it gave (ß gives two, an accent mark none).
    private static func words(of text: String) -> [(start: Int, folded: String, pieces: [(Int, Int)])] {
        var words: [(start: Int, folded: String, pieces: [(Int, Int)])] = []
        var start = 0
        var folded = String.UnicodeScalarView()
        var pieces: [(Int, Int)] = []
        func end() {
            if !pieces.isEmpty { words.append((start, String(folded), pieces)) }
            folded = String.UnicodeScalarView()
            pieces = []
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let before = folded.count
            guard SearchWords.fold(scalar, into: &folded) else {
                end()
                continue
            }
            if pieces.isEmpty { start = offset }
            pieces.append((offset, folded.count - before))
        }
        end()
        return words
    }
}
