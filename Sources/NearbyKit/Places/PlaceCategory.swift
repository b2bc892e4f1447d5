import Foundation

/// What kind of place something is. The first four are the original app's;
/// the rest are the ones a visitor asks for next. Which OpenStreetMap tags
/// make a category lives in `OSMCategoryRules` beside this file.
public enum PlaceCategory: String, CaseIterable, Codable, Hashable, Sendable {
    case restaurant
    case cafe
    case nightclub
    case atm
    case bar
    case bank
    case pharmacy
    case hospital
    case hotel
    case supermarket
    case bakery
    case fuel
    case museum
    case attraction
    case theatre
    case postOffice = "post_office"

    public var displayName: String {
        switch self {
        case .restaurant: "Restaurants"
        case .cafe: "Cafés"
        case .nightclub: "Night Clubs"
        case .atm: "ATMs"
        case .bar: "Bars"
        case .bank: "Banks"
        case .pharmacy: "Pharmacies"
        case .hospital: "Hospitals & Clinics"
        case .hotel: "Hotels"
        case .supermarket: "Supermarkets"
        case .bakery: "Bakeries"
        case .fuel: "Fuel"
        case .museum: "Museums"
        case .attraction: "Attractions"
        case .theatre: "Theatres & Cinemas"
        case .postOffice: "Post Offices"
        }
    }

    /// One place of this kind, as a pin's subtitle says it.
    public var singularName: String {
        switch self {
        case .restaurant: "Restaurant"
        case .cafe: "Café"
        case .nightclub: "Night Club"
        case .atm: "ATM"
        case .bar: "Bar"
        case .bank: "Bank"
        case .pharmacy: "Pharmacy"
        case .hospital: "Hospital"
        case .hotel: "Hotel"
        case .supermarket: "Supermarket"
        case .bakery: "Bakery"
        case .fuel: "Fuel Station"
        case .museum: "Museum"
        case .attraction: "Attraction"
        case .theatre: "Theatre"
        case .postOffice: "Post Office"
        }
    }

    /// The home screen's section heading, in the original's style.
    public var sectionTitle: String {
        switch self {
        case .restaurant: "Top Restaurants nearby"
        case .cafe: "Cafés around you"
        case .nightclub: "Night Clubs to dance in"
        case .atm: "Closest ATMs nearby"
        case .bar: "Bars for a drink"
        case .bank: "Banks nearby"
        case .pharmacy: "Pharmacies nearby"
        case .hospital: "Hospitals & clinics"
        case .hotel: "Hotels to stay in"
        case .supermarket: "Groceries nearby"
        case .bakery: "Fresh bread nearby"
        case .fuel: "Fuel stations"
        case .museum: "Museums to visit"
        case .attraction: "Sights to see"
        case .theatre: "Shows tonight"
        case .postOffice: "Post offices"
        }
    }

    /// The pin colour on maps (sRGB).
    public var pinColor: RGBColor {
        switch self {
        case .restaurant: RGBColor(0xE5, 0x3E, 0x30)
        case .cafe: RGBColor(0x8D, 0x5A, 0x3B)
        case .nightclub: RGBColor(0x8E, 0x44, 0xAD)
        case .atm: RGBColor(0x27, 0xAE, 0x60)
        case .bar: RGBColor(0xF3, 0x9C, 0x12)
        case .bank: RGBColor(0x16, 0xA0, 0x85)
        case .pharmacy: RGBColor(0x2E, 0xCC, 0x71)
        case .hospital: RGBColor(0xC0, 0x39, 0x2B)
        case .hotel: RGBColor(0x29, 0x80, 0xB9)
        case .supermarket: RGBColor(0xD3, 0x54, 0x00)
        case .bakery: RGBColor(0xCA, 0x8A, 0x04)
        case .fuel: RGBColor(0x34, 0x49, 0x5E)
        case .museum: RGBColor(0x6C, 0x5C, 0xE7)
        case .attraction: RGBColor(0xE8, 0x43, 0x93)
        case .theatre: RGBColor(0xB0, 0x3A, 0x2E)
        case .postOffice: RGBColor(0xF1, 0xC4, 0x0F)
        }
    }

    /// Accepts the raw value (`post_office`), the display name, or a plural
    /// (`cafes`, `atms`), case- and accent-insensitively, for command lines.
    public init?(userInput: String) {
        let key = Self.folded(userInput)
        guard let match = Self.allCases.first(where: { category in
            [category.rawValue, category.displayName, category.singularName]
                .map(Self.folded)
                .contains { $0 == key || $0 + "s" == key || $0 == key + "s" }
        }) else { return nil }
        self = match
    }

    private static func folded(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: " ", with: "_")
            .replacingOccurrences(of: "-", with: "_")
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
