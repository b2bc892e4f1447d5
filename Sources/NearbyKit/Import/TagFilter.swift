/// One `osmium tags-filter` expression of the forms the import writes
/// (`nwr/amenity`, `w/highway`, `nwr/highway=bus_stop,platform`), read back
/// so that an extract exported whole keeps exactly the elements a filtered
/// one would have given (`OsmiumPipeline.filtersAbove`).
struct TagFilter: Equatable {
    /// `n`, `w`, `r`: the element types it matches.
    var types: Set<Character>
    var key: String
    /// Nil: any value.
    var values: Set<String>?

    init?(_ expression: String) {
        let parts = expression.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ "nwr".contains($0) }) else { return nil }
        types = Set(parts[0])
        let keyValues = parts[1].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let key = keyValues.first, !key.isEmpty, !key.hasSuffix("!") else { return nil }
        self.key = String(key)
        values = keyValues.count == 2 ? Set(keyValues[1].split(separator: ",").map(String.init)) : nil
    }

    /// Whether the element `type` (`node`, `way`, `relation`: the first letter counts) with `tags` matches.
    func matches(type: String, tags: [String: String]) -> Bool {
        tags[key].map { matches(type: type, value: $0) } ?? false
    }

    /// Whether the element `type` whose `key` has this value matches.
    func matches(type: String, value: String) -> Bool {
        guard let letter = type.first, types.contains(letter) else { return false }
        return values?.contains(value) ?? true
    }
}
