/// A quick first pass of a name search over a place's folded words (its
/// names and cuisine, " cafe de paris pizza"), before `NameQuery.match`:
/// it lets through every place the match would take — a word that starts
/// one of its words, names one of its kinds, or is one edit from one of
/// its words — and stops most of the others in a few byte comparisons.
struct NameFilter {
    private let needles: [[UInt8]]
    private let kinds: [Set<PlaceCategory>]
    private let words: [String]

    init(_ query: NameQuery) {
        words = query.words
        needles = query.words.map { Array((" " + $0).utf8) }
        kinds = query.words.map { Set(NameQuery.categories(named: $0)) }
    }

    /// The text a place is filtered by: its folded names and cuisine, each word after a space.
    static func text(of place: Place) -> String {
        let words = NameQuery.nameWords(of: place) + (place.cuisine.map(SearchWords.of) ?? [])
        return words.isEmpty ? "" : " " + words.joined(separator: " ")
    }

    func admits(_ text: String, categories: [PlaceCategory]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in needles.indices {
                if contains(bytes, needles[index]) { continue }
                if categories.contains(where: kinds[index].contains) { continue }
                if NameQuery.allowsTypo(words[index]), oneEditFromAWord(words[index], in: bytes) { continue }
                return false
            }
            return true
        }
    }

    private func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0] {
                var i = 1
                while i < needle.count, haystack[start + i] == needle[i] { i += 1 }
                if i == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    private func oneEditFromAWord(_ word: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            while start < bytes.count, bytes[start] == 0x20 { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != 0x20 { end += 1 }
            if end > start, abs((end - start) - word.utf8.count) <= 4,  // one letter is at most four bytes
                NameQuery.withinOneEdit(word, String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            {
                return true
            }
            start = end
        }
        return false
    }
}
