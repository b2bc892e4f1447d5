/// What OpenStreetMap's `addr:*` tags say of an element's address.
enum OSMAddress {
    static let prefix = "addr:"

    /// The `addr:*` tags, keys without the prefix; empty values left out.
    static func fields(_ tags: [String: String]) -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in tags where key.hasPrefix(prefix) {
            let trimmed = value.trimmed()
            if !trimmed.isEmpty { fields[String(key.dropFirst(prefix.count))] = String(trimmed) }
        }
        return fields
    }

    /// A place's own address (rule 1), or nil when it has no `addr:*` tags.
    static func address(_ tags: [String: String]) -> PostalAddress? {
        let fields = fields(tags)
        let components = AddressTags.components(fields, rule: .tags, language: nil)
        let full = fields["full"]
        guard !components.isEmpty || full != nil else { return nil }
        return PostalAddress(components: components, written: full)
    }
}
