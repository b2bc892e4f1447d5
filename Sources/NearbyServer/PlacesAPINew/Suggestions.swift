import NearbyKit

/// Autocomplete's answer, `{"suggestions": […]}`, written by hand: it is
/// written once a keystroke, and JSONEncoder took a tenth of a keystroke's
/// time at a million places (Benchmarks/places-new). Keys sorted, as
/// `JSONBody`'s encoder writes them; nothing at all when there is nothing.
struct Suggestions {
    /// A text and where what was typed matches it.
    struct Text {
        let text: String
        let matches: [TextMatches.Range]
    }

    private var written = ""

    var isEmpty: Bool { written.isEmpty }

    /// A place: its name (`main`), its short address (`secondary`), and both together (`whole`).
    mutating func appendPlace(id: String, whole: Text, main: Text, secondary: String?, types: [String], distanceMeters: Int?) {
        begin()
        written += #"{"placePrediction":{"#
        if let distanceMeters { written += #""distanceMeters":\#(distanceMeters),"# }
        written += #""place":"#
        JSONText.string("places/" + id, into: &written)
        written += #","placeId":"#
        JSONText.string(id, into: &written)
        written += #","structuredFormat":{"mainText":"#
        append(main)
        if let secondary {
            written += #","secondaryText":"#
            append(Text(text: secondary, matches: []))
        }
        written += #"},"text":"#
        append(whole)
        written += #","types":["#
        for (index, type) in types.enumerated() {
            if index > 0 { written += "," }
            JSONText.string(type, into: &written)
        }
        written += "]}}"
    }

    /// A kind, as a search to make (Google's query prediction).
    mutating func appendQuery(_ text: Text) {
        begin()
        written += #"{"queryPrediction":{"structuredFormat":{"mainText":"#
        append(text)
        written += #"},"text":"#
        append(text)
        written += "}}"
    }

    var json: String { isEmpty ? "{}" : written + "]}" }

    private mutating func begin() {
        written += isEmpty ? #"{"suggestions":["# : ","
    }

    /// `{"matches":[…],"text":…}`, matches left out when there are none, and a start of 0 (proto3's default).
    private mutating func append(_ text: Text) {
        written += "{"
        if !text.matches.isEmpty {
            written += #""matches":["#
            for (index, range) in text.matches.enumerated() {
                if index > 0 { written += "," }
                written += #"{"endOffset":\#(range.endOffset)"#
                if let start = range.startOffset { written += #","startOffset":\#(start)"# }
                written += "}"
            }
            written += "],"
        }
        written += #""text":"#
        JSONText.string(text.text, into: &written)
        written += "}"
    }
}
