/// A one-line postal address from OpenStreetMap's `addr:*` tags, written the
/// way it is in Monaco and most of Europe: "4 Avenue de la Madone, 98000 Monaco".
enum OSMAddress {
    static let keys: Set<String> = [
        "addr:full", "addr:housenumber", "addr:street", "addr:place", "addr:postcode", "addr:city",
        "addr:unit", "addr:floor", "addr:door", "addr:suburb",
    ]

    static func format(_ tags: [String: String]) -> String? {
        if let full = tags["addr:full"], !full.isEmpty { return full }
        let street = [tags["addr:housenumber"], tags["addr:street"] ?? tags["addr:place"]]
            .compactMap { $0 }.joined(separator: " ")
        let town = [tags["addr:postcode"], tags["addr:city"]].compactMap { $0 }.joined(separator: " ")
        let parts = [street, town].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
