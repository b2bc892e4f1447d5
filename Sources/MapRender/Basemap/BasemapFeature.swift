/// One thing the basemap draws, already projected to Web Mercator metres.
struct BasemapFeature: Hashable, Sendable {
    enum Kind: Int, Comparable, Sendable {
        // Raw values are the drawing order, bottom to top.
        case residential, commercial, industrial, grass, park, wood, sand
        case water, pier, pedestrianArea, building
        case stream, pierLine, railway, road

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        var isArea: Bool { rawValue <= Kind.building.rawValue }
    }

    let kind: Kind
    /// Rings of a polygon (outer and holes, filled even-odd) or one line.
    let parts: [[MercatorPoint]]
    let road: RoadClass?
    let tunnel: Bool
    let bridge: Bool
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    init(kind: Kind, parts: [[MercatorPoint]], road: RoadClass? = nil, tunnel: Bool = false, bridge: Bool = false) {
        self.kind = kind
        self.parts = parts
        self.road = road
        self.tunnel = tunnel
        self.bridge = bridge
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for part in parts {
            for point in part {
                minX = min(minX, point.x)
                maxX = max(maxX, point.x)
                minY = min(minY, point.y)
                maxY = max(maxY, point.y)
            }
        }
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// False for a road below its class's first zoom: `draw` leaves it out.
    func isDrawn(atZoom zoom: Int) -> Bool {
        kind != .road || road.map { zoom >= $0.minimumZoom } ?? false
    }

    func intersects(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
        self.minX <= maxX && self.maxX >= minX && self.minY <= maxY && self.maxY >= minY
    }

    /// The basemap kind for an OpenStreetMap way or area with these tags, or
    /// nil for what the basemap leaves out. osmium exports a closed way both
    /// as a line and as an area: areas take only the polygon, lines only
    /// the line, so nothing is drawn twice.
    static func kind(tags: [String: String], isArea: Bool) -> (Kind, RoadClass?)? {
        if isArea {
            if tags["building"] != nil, tags["building"] != "no" { return (.building, nil) }
            if tags["highway"] == "pedestrian" || tags["area:highway"] == "pedestrian"
                || (tags["highway"] == "footway" && tags["area"] == "yes")
            {
                return (.pedestrianArea, nil)
            }
            if tags["man_made"] == "pier" || tags["man_made"] == "breakwater" { return (.pier, nil) }
            if ["water", "bay"].contains(tags["natural"]) || ["reservoir", "basin"].contains(tags["landuse"])
                || tags["waterway"] == "riverbank" || tags["leisure"] == "swimming_pool"
                || tags["amenity"] == "fountain"
            {
                return (.water, nil)
            }
            if ["beach", "sand"].contains(tags["natural"]) { return (.sand, nil) }
            if ["wood", "scrub"].contains(tags["natural"]) || tags["landuse"] == "forest" { return (.wood, nil) }
            if ["park", "garden", "playground", "pitch", "golf_course", "nature_reserve"].contains(tags["leisure"])
                || tags["landuse"] == "cemetery"
            {
                return (.park, nil)
            }
            if ["grass", "meadow", "recreation_ground", "village_green", "allotments"].contains(tags["landuse"])
                || tags["natural"] == "grassland"
            {
                return (.grass, nil)
            }
            if tags["landuse"] == "residential" { return (.residential, nil) }
            if ["commercial", "retail"].contains(tags["landuse"]) { return (.commercial, nil) }
            if ["industrial", "railway", "construction"].contains(tags["landuse"]) { return (.industrial, nil) }
            return nil
        }
        if let highway = tags["highway"], tags["area"] != "yes", let road = RoadClass(highway: highway) {
            return (.road, road)
        }
        if ["rail", "light_rail", "subway", "narrow_gauge", "funicular"].contains(tags["railway"]) { return (.railway, nil) }
        if ["stream", "river", "canal", "ditch"].contains(tags["waterway"]) { return (.stream, nil) }
        if tags["man_made"] == "pier" || tags["man_made"] == "breakwater" { return (.pierLine, nil) }
        return nil
    }
}
