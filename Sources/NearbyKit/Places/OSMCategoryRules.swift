/// The one table that says which OpenStreetMap tags make which category
/// (documented in Data/README.md; keep the two in step).
///
/// Keys are tried in `keyPriority` order, so a hotel with a restaurant
/// (`tourism=hotel` + `amenity=restaurant`) is first a restaurant and also a
/// hotel. A bank tagged `atm=yes` is a bank that also answers as an ATM.
public enum OSMCategoryRules {
    public static let keyPriority = ["amenity", "shop", "tourism", "healthcare"]

    public static let rules: [String: [String: PlaceCategory]] = [
        "amenity": [
            "restaurant": .restaurant, "fast_food": .restaurant, "food_court": .restaurant,
            "cafe": .cafe,
            "nightclub": .nightclub,
            "atm": .atm,
            "bar": .bar, "pub": .bar, "biergarten": .bar,
            "bank": .bank,
            "pharmacy": .pharmacy,
            "hospital": .hospital, "clinic": .hospital,
            "fuel": .fuel,
            "theatre": .theatre, "cinema": .theatre,
            "post_office": .postOffice,
        ],
        "shop": [
            "supermarket": .supermarket, "convenience": .supermarket,
            "bakery": .bakery,
        ],
        "tourism": [
            "hotel": .hotel, "guest_house": .hotel, "hostel": .hotel, "motel": .hotel,
            "museum": .museum,
            "attraction": .attraction,
        ],
        "healthcare": [
            "pharmacy": .pharmacy, "hospital": .hospital, "clinic": .hospital,
        ],
    ]

    /// The categories these tags make, main one first; empty when none.
    public static func categories(for tags: [String: String]) -> [PlaceCategory] {
        var found: [PlaceCategory] = []
        for key in keyPriority {
            if let value = tags[key], let category = rules[key]?[value], !found.contains(category) {
                found.append(category)
            }
        }
        if found.contains(.bank), tags["atm"] == "yes", !found.contains(.atm) {
            found.append(.atm)
        }
        return found
    }

    /// The tag keys worth pre-filtering an extract on.
    public static var filterKeys: [String] { keyPriority }
}
