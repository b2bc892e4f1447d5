extension Place {
    /// The element's page on openstreetmap.org (`n123` → /node/123), nil for
    /// an id that names no OSM element.
    public var openStreetMapURL: String? {
        guard let kind = id.first, let number = UInt64(id.dropFirst()) else { return nil }
        let element =
            switch kind {
            case "n": "node"
            case "w": "way"
            case "r": "relation"
            default: ""
            }
        return element.isEmpty ? nil : "https://www.openstreetmap.org/\(element)/\(number)"
    }
}
