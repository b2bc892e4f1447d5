import Foundation

/// The table of place kinds: `Data/categories.json`, compiled in (see
/// Data/README.md for its fields). It is read once, checked, and indexed:
/// categories and groups are then small integers into its arrays.
struct CategoryCatalog: Sendable {
    struct Group: Decodable, Sendable {
        var id: String
        var name: String
        var section: String
    }

    struct Category: Decodable, Sendable {
        var id: String
        var group: String
        var name: String
        var plural: String
        var section: String
        var google: String?
        var tags: [String]
        var terms: [String]
        var colour: String
        var glyph: String
        /// Kinds mapped without a name as often as not (toilets, parking):
        /// kept anyway, and called by the category's name.
        var unnamed: Bool?
    }

    private struct File: Decodable {
        var keyPriority: [String]
        /// Keys whose every value is read at import, so that the import can
        /// say which of their values it has no category for.
        var wholeKeys: [String]
        var groups: [Group]
        var categories: [Category]
    }

    let groups: [Group]
    let categories: [Category]
    let colours: [RGBColor]
    /// For each category, its group's index.
    let groupOf: [Int]
    /// For each group, its categories' indexes in table order.
    let members: [[Int]]
    let categoryByID: [String: Int]
    let groupByID: [String: Int]
    let categoryByGoogleType: [String: Int]
    /// key → value → category.
    let rules: [String: [String: Int]]
    let keyPriority: [String]
    let wholeKeys: [String]

    static let shared: CategoryCatalog = {
        do throws(Invalid) {
            return try CategoryCatalog(json: Data(PackageResources.categories_json))
        } catch {
            // Compiled-in data that a test checks: reaching this is a build of a broken table.
            fatalError("Data/categories.json: \(error.reason)")
        }
    }()

    struct Invalid: Error {
        var reason: String
    }

    init(json: Data) throws(Invalid) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw Invalid(reason: "not the expected JSON: \(error)")
        }
        groups = file.groups
        categories = file.categories
        keyPriority = file.keyPriority
        wholeKeys = file.wholeKeys
        groupByID = try Self.index(file.groups.map(\.id), what: "group")
        categoryByID = try Self.index(file.categories.map(\.id), what: "category")
        guard Set(file.wholeKeys).isSubset(of: file.keyPriority) else {
            throw Invalid(reason: "every key in wholeKeys must be in keyPriority")
        }

        var groupOf: [Int] = []
        var members = Array(repeating: [Int](), count: file.groups.count)
        var colours: [RGBColor] = []
        var rules: [String: [String: Int]] = [:]
        var byGoogle: [String: Int] = [:]
        for (index, category) in file.categories.enumerated() {
            let id = category.id
            guard id.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }) else {
                throw Invalid(reason: "category id \(id) is not lowercase snake_case")
            }
            guard let group = groupByID[category.group] else { throw Invalid(reason: "\(id): no group \(category.group)") }
            groupOf.append(group)
            members[group].append(index)
            guard let colour = RGBColor(hex: category.colour) else {
                throw Invalid(reason: "\(id): colour \(category.colour) is not #RRGGBB")
            }
            colours.append(colour)
            guard category.glyph.unicodeScalars.count == 1 else { throw Invalid(reason: "\(id): the glyph must be one character") }
            if let google = category.google {
                guard byGoogle.updateValue(index, forKey: google) == nil else {
                    throw Invalid(reason: "\(id): Google type \(google) belongs to another category too")
                }
            }
            guard !category.tags.isEmpty else { throw Invalid(reason: "\(id) has no tags") }
            for tag in category.tags {
                let parts = tag.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw Invalid(reason: "\(id): tag \(tag) is not key=value")
                }
                guard file.keyPriority.contains(parts[0]) else { throw Invalid(reason: "\(id): key \(parts[0]) is not in keyPriority") }
                guard rules[parts[0], default: [:]].updateValue(index, forKey: parts[1]) == nil else {
                    throw Invalid(reason: "\(id): tag \(tag) belongs to another category too")
                }
            }
        }
        if let empty = members.firstIndex(where: \.isEmpty) { throw Invalid(reason: "group \(file.groups[empty].id) has no categories") }
        self.groupOf = groupOf
        self.members = members
        self.colours = colours
        self.rules = rules
        categoryByGoogleType = byGoogle
    }

    /// For each category, the words a name search finds it by. Worked out
    /// on first use, not with the table: folding builds a table of its own
    /// (a few milliseconds), which a command that searches nothing should
    /// not pay at start.
    static let searchWords: [[String]] = shared.categories.map { category in
        let texts = [category.name, category.plural, category.id.replacingOccurrences(of: "_", with: " ")] + category.terms
        var seen = Set<String>()
        return texts.flatMap(SearchWords.of).filter { seen.insert($0).inserted }
    }

    private static func index(_ ids: [String], what: String) throws(Invalid) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, id) in ids.enumerated() {
            guard index.updateValue(position, forKey: id) == nil else { throw Invalid(reason: "\(what) \(id) appears twice") }
        }
        return index
    }

    /// The categories these tags make, main one first: keys in
    /// `keyPriority` order, so a hotel with a restaurant is first a
    /// restaurant, and a bank with `atm=yes` also answers as an ATM.
    func categories(forTags tags: [String: String]) -> [Int] {
        var found: [Int] = []
        for key in keyPriority {
            if let value = tags[key], let category = rules[key]?[value], !found.contains(category) {
                found.append(category)
            }
        }
        return found
    }

    /// Whether `osmiumFilters` keep an element with these tags: an element
    /// kept only for its address, street or boundary is not a place left out.
    func filtersKeep(_ tags: [String: String]) -> Bool {
        keyPriority.contains { key in
            guard let value = tags[key] else { return false }
            return wholeKeys.contains(key) || rules[key]?[value] != nil
        }
    }

    /// `osmium tags-filter` expressions that keep every element a category
    /// can come from: whole keys, and for the others only the values the
    /// table names (`highway=bus_stop`, never every road).
    var osmiumFilters: [String] {
        keyPriority.compactMap { key in
            if wholeKeys.contains(key) { return "nwr/\(key)" }
            guard let values = rules[key]?.keys.sorted(), !values.isEmpty else { return nil }
            return "nwr/\(key)=\(values.joined(separator: ","))"
        }
    }
}

extension RGBColor {
    /// `#RRGGBB`.
    init?(hex: String) {
        guard hex.utf8.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
