import Foundation

/// What kind of place something is: one row of the category table
/// (`Data/categories.json`), which says which OpenStreetMap tags make it,
/// its names, its group and its pin.
public struct PlaceCategory: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The row in the table; table order is display order.
    let index: Int

    init(index: Int) {
        self.index = index
    }

    public init?(rawValue: String) {
        guard let index = CategoryCatalog.shared.categoryByID[rawValue] else { return nil }
        self.index = index
    }

    /// A category the code names; the table's tests prove it is there.
    private init(known id: String) {
        guard let index = CategoryCatalog.shared.categoryByID[id] else { fatalError("Data/categories.json has no category \(id)") }
        self.index = index
    }

    public static var allCases: [PlaceCategory] { CategoryCatalog.shared.categories.indices.map(PlaceCategory.init(index:)) }

    private var row: CategoryCatalog.Category { CategoryCatalog.shared.categories[index] }

    /// The stable id stores and the API use (`post_office`).
    public var rawValue: String { row.id }
    public var description: String { rawValue }
    /// Many of this kind: a list's title ("Cafés").
    public var displayName: String { row.plural }
    /// One place of this kind, as a pin's subtitle says it ("Café").
    public var singularName: String { row.name }
    /// `singularName` in `language` where the vocabulary has the kind's
    /// label ("Apotheke" in "de"), else in English; with the language it is in.
    public func singularName(in language: String?) -> (text: String, language: String) {
        guard let language, KindSense.primary(language) != "en", let label = KindVocabulary.shared.label(of: self, in: language) else {
            return (singularName, "en")
        }
        return (label.text, label.locale)
    }
    /// The kinds whose list title begins with what was typed ("caf" →
    /// Cafés), in the catalogue's order: the searches autocomplete suggests
    /// (Google's query predictions).
    public static func titled(startingWith typed: String) -> [PlaceCategory] {
        let folded = SearchWords.folded(typed)
        guard !folded.isEmpty else { return [] }
        return allCases.filter { SearchWords.folded($0.displayName).hasPrefix(folded) }
    }
    /// The home screen's section heading, in the original's style.
    public var sectionTitle: String { row.section }
    /// The pin colour on maps (sRGB).
    public var pinColor: RGBColor { CategoryCatalog.shared.colours[index] }
    /// One character to draw inside the pin.
    public var glyph: String { row.glyph }
    /// Words people search for this kind by, besides its names ("cashpoint").
    public var searchTerms: [String] { row.terms }
    /// Its English words: its names, its id's words, its terms (Data/categories.json).
    /// A name search finds it by these with a typo too.
    public var searchWords: [String] { CategoryCatalog.searchWords[index] }
    /// Its words in every language: `searchWords` and the vocabulary's
    /// (`KindVocabulary`), folded, in the order of their bytes.
    public var searchWordsInEveryLanguage: [String] { KindVocabulary.shared.words(of: self) }
    /// The OpenStreetMap tags it comes from (`amenity=cafe`).
    public var osmTags: [String] { row.tags }
    public var group: PlaceCategoryGroup { PlaceCategoryGroup(index: CategoryCatalog.shared.groupOf[index]) }
    /// Whether places of this kind are kept without a name (toilets, parking):
    /// they are then called by `singularName`.
    public var keepsUnnamedPlaces: Bool { row.unnamed ?? false }

    public static func < (a: PlaceCategory, b: PlaceCategory) -> Bool { a.index < b.index }

    public init(from decoder: any Decoder) throws {
        let id = try decoder.singleValueContainer().decode(String.self)
        guard let category = PlaceCategory(rawValue: id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown category \(id)"))
        }
        self = category
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The categories an element with these OpenStreetMap tags belongs to,
    /// main one first; empty when none.
    public static func categories(forTags tags: [String: String]) -> [PlaceCategory] {
        CategoryCatalog.shared.categories(forTags: tags).map(PlaceCategory.init(index:))
    }

    /// Accepts the id (`post_office`), the name or its plural (`cafes`,
    /// `ATMs`, `night club`), case- and accent-insensitively, for command lines.
    public init?(userInput: String) {
        let key = UserInputKey(userInput)
        guard let match = Self.allCases.first(where: { key.names($0.rawValue, $0.displayName, $0.singularName) }) else { return nil }
        self = match
    }

    // The categories the code itself names: the original app's four and the
    // ones a test or a default refers to.
    public static let restaurant = PlaceCategory(known: "restaurant")
    public static let cafe = PlaceCategory(known: "cafe")
    public static let nightclub = PlaceCategory(known: "nightclub")
    public static let atm = PlaceCategory(known: "atm")
    public static let bar = PlaceCategory(known: "bar")
    public static let bank = PlaceCategory(known: "bank")
    public static let pharmacy = PlaceCategory(known: "pharmacy")
    public static let hospital = PlaceCategory(known: "hospital")
    public static let hotel = PlaceCategory(known: "hotel")
    public static let supermarket = PlaceCategory(known: "supermarket")
    public static let bakery = PlaceCategory(known: "bakery")
    public static let fuel = PlaceCategory(known: "fuel")
    public static let museum = PlaceCategory(known: "museum")
    public static let attraction = PlaceCategory(known: "attraction")
    public static let theatre = PlaceCategory(known: "theatre")
    public static let postOffice = PlaceCategory(known: "post_office")
}

/// A user's spelling of a category or group, folded so that `Night-Club`,
/// `night club` and `nightclubs` all name `nightclub`.
struct UserInputKey {
    private let key: String

    init(_ text: String) {
        key = Self.folded(text)
    }

    func names(_ candidates: String...) -> Bool {
        candidates.map(Self.folded).contains { $0 == key || $0 + "s" == key || $0 == key + "s" }
    }

    private static func folded(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: "and")
            .split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
            .joined(separator: "_")
    }
}

/// An 8-bit sRGB colour.
public struct RGBColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
