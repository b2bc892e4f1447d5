/// A question in words, read (`Question.read`): what it names and where,
/// before anything is looked up. Which words are a street, which a town and
/// which a place's name is for the data to say (`Geocoder`): the reader
/// only takes out what its form gives away — a position, a house number, a
/// postcode, a kind, an OpenStreetMap tag, and "in"/"near" with what follows.
public struct Question: Hashable, Sendable {
    /// The whole text is a position ("47.150° N 9.534° E").
    public var position: Coordinate?
    /// "11", "11a", "11-13", "5/2" (as written, lower case).
    public var houseNumber: String?
    /// "9490", "98000", "SW1A 2AA" (as written, upper case).
    public var postcode: String?
    /// The one number could be either ("9490 Vaduz", "1600 Amphitheatre
    /// Parkway"): `houseNumber` and `postcode` both hold it, and one of them
    /// is right.
    public var numberIsPostcodeOrHouseNumber = false
    /// The folded words of each part of the subject, in order: the parts a
    /// comma separates ("Austrasse 11, 9490 Vaduz" → [austrasse], [vaduz]),
    /// the number, postcode and kind words taken out.
    public var parts: [[String]]
    /// What "in" or "near" names: the folded words of a place ("cafe near
    /// Städtle" → [stadtle]), or a position ("pharmacy near 47.16,9.51").
    public var near: Near?
    /// Kinds named by a word of their own ("restaurants", "cafe") or by
    /// `[pharmacy]`; their words are not in `parts`.
    public var kinds: [PlaceCategory]
    /// `[amenity=pharmacy]`, as Nominatim reads it.
    public var tag: Tag?

    public enum Near: Hashable, Sendable {
        case words([String])
        case position(Coordinate)
    }

    public struct Tag: Hashable, Sendable {
        public var key: String
        public var value: String
    }

    public init(
        position: Coordinate? = nil, houseNumber: String? = nil, postcode: String? = nil, parts: [[String]] = [], near: Near? = nil,
        kinds: [PlaceCategory] = [], tag: Tag? = nil
    ) {
        self.position = position
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.parts = parts
        self.near = near
        self.kinds = kinds
        self.tag = tag
    }

    /// Every word of the subject and of what "in" names, in order.
    public var words: [String] {
        var words = parts.joined().map { $0 }
        if case .words(let near) = near { words += near }
        return words
    }

    /// The longest question read, in bytes of UTF-8, on every surface that
    /// reads text: an address with a long street, a district, a postcode, a
    /// town and a country fits, with room.
    public static let maximumBytes = 400
}

/// Why a text is no question.
public enum QuestionError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int)
    case controlCharacter
    /// Only punctuation, or only words such as "the" and "of".
    case nothingToLookFor

    public var description: String {
        switch self {
        case .empty: "the text is empty"
        case .tooLong(let bytes): "the text is \(bytes) bytes long, past the limit of \(Question.maximumBytes)"
        case .controlCharacter: "the text holds a control character"
        case .nothingToLookFor: "the text has no word to look for (only punctuation or words such as \"the\")"
        }
    }
}
