extension Place {
    /// How well known a place is, from what OpenStreetMap records of it —
    /// nearby has no visits to count, so this stands in for Google's
    /// popularity: its own Wikidata item (4) and Wikipedia article (3), a
    /// heritage listing (2), a name in other languages (1 each, up to 5),
    /// a brand (1), and how fully it is described (1 for every ten tags, up
    /// to 3). Searches ranked by prominence put higher scores first and the
    /// nearest first among equals (docs/PLACES-API-NEW.md).
    public var prominence: Int {
        let tags = self.tags
        var score = 0
        if tags["wikidata"] != nil { score += 4 }
        if tags["wikipedia"] != nil { score += 3 }
        if tags["heritage"] != nil { score += 2 }
        score += min(5, tags.keys.count { $0.hasPrefix("name:") })
        if tags["brand"] != nil { score += 1 }
        score += min(3, tags.count / 10)
        return score
    }
}
