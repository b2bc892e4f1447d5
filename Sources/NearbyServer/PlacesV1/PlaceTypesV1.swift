import NearbyKit

/// Place types as the Places API (New) names them (`cafe`,
/// `fast_food_restaurant`, `electric_vehicle_charging_station`), read into
/// nearby's kinds: each category answers to its Google type, and to its own
/// id (`nightclub`, `fuel`) as an extension. A name that is neither is
/// refused as Google refuses a type outside its tables.
enum PlaceTypesV1 {
    static func kinds(_ names: [String], field: String) throws(RPCError) -> Set<PlaceCategory> {
        var kinds = Set<PlaceCategory>()
        var unknown: [String] = []
        for name in names {
            if let kind = PlaceCategory(apiType: name) { kinds.insert(kind) } else { unknown.append(name) }
        }
        guard unknown.isEmpty else {
            let named = unknown.prefix(5).map { TerminalSafeText.escaped($0, limit: 40) }.joined(separator: ", ")
            throw .invalidArgument("Unsupported types: \(named) (in \(field)).")
        }
        return kinds
    }

    /// A place's types, its main kind first, then Google's generic two.
    static func types(of place: Place) -> [String] {
        place.categories.map(\.apiType) + ["point_of_interest", "establishment"]
    }
}

/// `languageCode`: Google's codes are BCP 47 (`en-GB`); OpenStreetMap's
/// names are keyed by the language alone (`name:en`), so that is what is kept.
enum LanguageCodeV1 {
    static func read(_ text: String?) throws(RPCError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let language = String(text.split(separator: "-", omittingEmptySubsequences: false)[0]).lowercased()
        guard Place.isLanguageCode(language) else {
            throw .invalidArgument("languageCode \(TerminalSafeText.escaped(text, limit: 40)) is not a language code")
        }
        return language
    }
}
