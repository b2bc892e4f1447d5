import Foundation
import NearbyKit

/// Place types as the Places API (New) names them, read through Google's
/// table of the types a request may name (Data/google-place-types.json):
/// `cafe` is nearby's cafés, `italian_restaurant` its restaurants and fast
/// food with `cuisine=italian`, `tire_shop` no place (OpenStreetMap's
/// `shop=tyres` is not a kind of nearby's). A category's own id (`fuel`)
/// and its Google type in the legacy API (`place_of_worship`) are taken
/// too, as an extension. Any other name is refused, as Google refuses one.
struct PlacesAPINewPlaceType: Sendable, Equatable {
    /// A tag one of whose values a place must have: `cuisine=italian,pizza`.
    struct Condition: Sendable, Equatable {
        let key: String
        let values: Set<String>

        func holds(for place: Place) -> Bool {
            holds(Self.values(of: key, in: place))
        }

        func holds(_ stated: Set<String>?) -> Bool {
            stated.map { !$0.isDisjoint(with: values) } ?? false
        }

        /// The values a place's tag lists (`italian;pizza`), as conditions compare them.
        static func values(of key: String, in place: Place) -> Set<String>? {
            guard let value = key == "cuisine" ? place.cuisine : place.tags[key] else { return nil }
            return Set(value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        }
    }

    let name: String
    /// Empty: a type OpenStreetMap (or nearby) cannot express, which matches no place.
    let kinds: Set<PlaceCategory>
    let conditions: [Condition]

    /// Whether `place` is of this type: of one of its kinds (its main kind only, for a primary type) with its tags.
    func matches(_ place: Place, primary: Bool = false) -> Bool {
        let kind = primary ? kinds.contains(place.category) : place.categories.contains(where: kinds.contains)
        return kind && conditions.allSatisfy { $0.holds(for: place) }
    }

    /// A category by its own id or legacy Google type: that kind, whatever its tags.
    init(kind: PlaceCategory, name: String) {
        self.name = name
        kinds = [kind]
        conditions = []
    }

    /// A row of the table: `"restaurant fast_food | cuisine=italian & diet:vegan=yes,only"`, or null.
    init(name: String, row: String?) {
        self.name = name
        guard let row else {
            kinds = []
            conditions = []
            return
        }
        let parts = row.split(separator: "|", maxSplits: 1)
        kinds = Set(
            parts[0].split(separator: " ").flatMap { word -> [PlaceCategory] in
                if word.hasPrefix("@") {
                    return PlaceCategoryGroup(rawValue: String(word.dropFirst()))?.categories ?? []
                }
                return PlaceCategory(rawValue: String(word)).map { [$0] } ?? []
            })
        conditions = parts.dropFirst().flatMap { $0.split(separator: "&") }.compactMap { text in
            let pair = text.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            return Condition(key: String(pair[0]), values: Set(pair[1].split(separator: ",").map(String.init)))
        }
    }
}

/// The types a request names in one field (`includedTypes`): which kinds
/// the service is asked for, and which of its places pass.
struct PlacesAPINewPlaceTypeSet: Sendable, Equatable {
    let types: [PlacesAPINewPlaceType]

    var isEmpty: Bool { types.isEmpty }
    /// Types were named and none can match a place.
    var matchesNothing: Bool { !types.isEmpty && types.allSatisfy(\.kinds.isEmpty) }
    /// Every kind one of the types can match: what the service is asked for.
    var kinds: Set<PlaceCategory> { types.reduce(into: []) { $0.formUnion($1.kinds) } }
    /// The kinds of the types that narrow by no tag: a place of one is matched whatever its tags.
    var wholeKinds: Set<PlaceCategory> { types.filter(\.conditions.isEmpty).reduce(into: []) { $0.formUnion($1.kinds) } }

    func matches(_ place: Place, primary: Bool = false) -> Bool {
        types.contains { $0.matches(place, primary: primary) }
    }
}

enum PlacesAPINewPlaceTypes {
    /// Google's table, by type name.
    static let table: [String: PlacesAPINewPlaceType] = {
        struct File: Decodable { let types: [String: [String: String?]] }
        let file = try! JSONDecoder().decode(File.self, from: Data(PackageResources.google_place_types_json))
        var table: [String: PlacesAPINewPlaceType] = [:]
        for section in file.types.values {
            for (name, row) in section { table[name] = PlacesAPINewPlaceType(name: name, row: row) }
        }
        return table
    }()

    /// Google's names for each kind's places, most particular first: the
    /// types that narrow it by a tag, then its own (the table's type of that
    /// kind alone, the legacy API's where it is one; then the legacy one).
    private static let byKind: [PlaceCategory: (narrowing: [PlacesAPINewPlaceType], own: [String])] = {
        let sorted = table.values.sorted { $0.name < $1.name }
        var byKind: [PlaceCategory: (narrowing: [PlacesAPINewPlaceType], own: [String])] = [:]
        for kind in PlaceCategory.allCases {
            let narrowing = sorted.filter { !$0.conditions.isEmpty && $0.kinds.contains(kind) }
            let alone = sorted.filter { $0.conditions.isEmpty && $0.kinds == [kind] }.map(\.name)
            let legacy = kind.googleType
            let own = legacy.flatMap { alone.contains($0) ? $0 : nil } ?? alone.first
            byKind[kind] = (narrowing, [own, legacy].compactMap { $0 }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
        }
        return byKind
    }()

    static func read(_ names: [String], field: String) throws(RPCError) -> PlacesAPINewPlaceTypeSet {
        var types: [PlacesAPINewPlaceType] = []
        var unknown: [String] = []
        for name in names {
            if let type = table[name] {
                types.append(type)
            } else if let kind = PlaceCategory(apiType: name) {
                types.append(PlacesAPINewPlaceType(kind: kind, name: name))
            } else {
                unknown.append(name)
            }
        }
        guard unknown.isEmpty else {
            let named = unknown.prefix(5).map { TerminalSafeText.escaped($0, limit: 40) }.joined(separator: ", ")
            throw .invalidArgument("Unsupported types: \(named) (in \(field)).")
        }
        return PlacesAPINewPlaceTypeSet(types: types)
    }

    /// A place's types, its main kind's first and the most particular first, then Google's generic two.
    static func types(of place: Place) -> [String] {
        var names: [String] = []
        var tags = TagValues(place)
        for kind in place.categories {
            guard let entry = byKind[kind] else { continue }
            for type in entry.narrowing where tags.bear(type) { names.append(type.name) }
            names += entry.own
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted } + ["point_of_interest", "establishment"]
    }

    /// The one type a place is best known by: its main kind's most particular (nil if Google has none for it).
    static func primaryType(of place: Place) -> String? {
        guard let entry = byKind[place.category] else { return nil }
        var tags = TagValues(place)
        return entry.narrowing.first { tags.bear($0) }?.name ?? entry.own.first
    }

    /// A place's tags as the conditions read them, each split once: a
    /// restaurant is held against a hundred cuisines.
    private struct TagValues {
        let place: Place
        var split: [String: Set<String>?] = [:]

        init(_ place: Place) { self.place = place }

        mutating func bear(_ type: PlacesAPINewPlaceType) -> Bool {
            type.conditions.allSatisfy { condition in
                if let known = split[condition.key] { return condition.holds(known) }
                let values = PlacesAPINewPlaceType.Condition.values(of: condition.key, in: place)
                split[condition.key] = .some(values)
                return condition.holds(values)
            }
        }
    }
}
