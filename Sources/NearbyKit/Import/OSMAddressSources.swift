/// Collects, from the features of an OSM export, what reverse geocoding
/// needs (`AddressSources`): named streets, elements with `addr:*` tags,
/// administrative and postal boundaries, `place=*` areas and nodes.
package struct OSMAddressSources {
    /// What `osmium tags-filter` must keep besides the places.
    static let osmiumFilters = [
        "nwr/addr:housenumber", "nwr/addr:street", "nwr/addr:place", "nwr/addr:postcode",
        "w/highway", "wr/boundary=administrative,postal_code", "nwr/place", "wr/highway=pedestrian",
    ]

    /// Highways that carry a name but are no street.
    private static let notStreets: Set<String> = ["abandoned", "disused", "razed", "elevator", "emergency_access_point"]
    /// Named highways looked for by name but that no address is on: an indoor corridor, one proposed or being
    /// built, a stop's platform, a rest area.
    private static let nameOnly: Set<String> = ["proposed", "construction", "corridor", "platform", "bus_stop", "rest_area", "services"]
    private static let paths: Set<String> = ["footway", "path", "steps", "cycleway", "bridleway", "track"]
    private static let mainRoads: Set<String> = ["trunk", "primary", "secondary", "tertiary"]

    /// What kind of street a named highway is: `nameOnly` for one that no
    /// address is on (a tunnel, a passage through a building), nil for no street.
    private static func streetKind(_ tags: [String: String]) -> NamedStreet.Kind? {
        if tags["place"] == "square" { return .square }
        guard let highway = tags["highway"], !notStreets.contains(highway) else { return nil }
        if nameOnly.contains(highway) || tags["tunnel"].map({ $0 != "no" }) == true { return .nameOnly }
        if highway == "pedestrian", tags["area"] == "yes" { return .square }
        if paths.contains(highway) { return .path }
        if highway.hasSuffix("_link") || (tags["bridge"].map { $0 != "no" } ?? false) { return .minor }
        if highway == "service" { return .service }
        if mainRoads.contains(highway) { return .main }
        return .road
    }

    package private(set) var sources = AddressSources()
    private var seen = Set<String>()
    private var pointIndex: [PlaceID: Int] = [:]

    mutating func add(_ feature: OSMExportFeature) {
        let tags = feature.tags
        let id = feature.placeID
        if let kind = Self.streetKind(tags), let name = Self.name(tags) {
            addStreet(id: id, name: name, kind: kind, feature.geometry)
        }
        let address = OSMAddress.fields(tags)
        if !address.isEmpty, address.keys.contains(where: { ["housenumber", "street", "place", "postcode"].contains($0) }),
            let anchor = feature.anchor
        {
            var outline: [Polygon] = []
            if case .polygons(let polygons) = feature.geometry { outline = Self.polygons(polygons) }
            let point = AddressPoint(id: id, position: LonLat(anchor.x, anchor.y), outline: outline, address: address)
            if let known = pointIndex[id] {
                // A closed way comes out as a line first, then as its area: the area is what addresses what lies in it.
                if !outline.isEmpty, sources.points[known].outline.isEmpty { sources.points[known] = point }
            } else {
                pointIndex[id] = sources.points.count
                sources.points.append(point)
            }
        }
        if case .polygons(let polygons) = feature.geometry, let kind = Self.areaKind(tags),
            let name = Self.name(tags) ?? Self.postcode(tags),
            once("b", id)
        {
            let code = kind == .administrative(level: 2) ? tags["ISO3166-1"] ?? tags["ISO3166-1:alpha2"] : tags["ISO3166-2"]
            sources.areas.append(
                AddressArea(
                    id: id, kind: kind, name: name, names: Self.names(tags), code: code, postcode: Self.postcode(tags),
                    label: InteriorPoint.of(polygons).map { LonLat($0.x, $0.y) }, polygons: Self.polygons(polygons)))
        }
        if case .point(let p) = feature.geometry, let rank = tags["place"].flatMap(PlaceRank.init(rawValue:)), let name = Self.name(tags) {
            sources.placeNodes.append(PlaceNode(id: id, rank: rank, name: name, names: Self.names(tags), position: LonLat(p.x, p.y)))
        }
    }

    /// A closed way comes out twice, as a line and as an area: one of each kind per element.
    private mutating func once(_ kind: String, _ id: PlaceID) -> Bool { seen.insert(kind + id).inserted }

    private mutating func addStreet(id: PlaceID, name: String, kind: NamedStreet.Kind, _ geometry: OSMExportFeature.Geometry) {
        let lines: [[LonLat]]
        switch geometry {
        // A square is its area; its outline as a line would be a duplicate.
        case .lineString(let line) where kind != .square: lines = [line.map { LonLat($0.x, $0.y) }]
        case .lineString: return
        case .polygons(let polygons): lines = polygons.compactMap { $0.first.map { ring in ring.map { LonLat($0.x, $0.y) } } }
        case .point, .other: return
        }
        guard !lines.isEmpty, once("s", id) else { return }
        sources.streets.append(NamedStreet(id: id, name: name, kind: kind, lines: lines))
    }

    private static func areaKind(_ tags: [String: String]) -> AddressArea.Kind? {
        switch tags["boundary"] {
        case "administrative":
            guard let level = tags["admin_level"].flatMap({ Int($0) }), (1...12).contains(level) else { return nil }
            return .administrative(level: level)
        case "postal_code":
            return .postalCode
        default:
            // An area no address is in is no part of one, nor found as one.
            guard let rank = tags["place"].flatMap(PlaceRank.init(rawValue:)), rank.namesAddresses else { return nil }
            return .place(rank)
        }
    }

    private static func name(_ tags: [String: String]) -> String? {
        guard let name = tags["name"]?.trimmed(), !name.isEmpty else { return nil }
        return String(name)
    }

    /// One code; a list (`06000;06100`) names no single postcode.
    private static func postcode(_ tags: [String: String]) -> String? {
        guard let code = (tags["postal_code"] ?? tags["addr:postcode"])?.trimmed(), !code.isEmpty,
            !code.contains(where: { ";,".contains($0) })
        else { return nil }
        return String(code)
    }

    private static func names(_ tags: [String: String]) -> [String: String] {
        var names: [String: String] = [:]
        for (key, value) in tags where key.hasPrefix("name:") {
            let language = key.dropFirst(5)
            if Place.isLanguageCode(String(language)) { names[String(language)] = value }
        }
        return names
    }

    private static func polygons(_ polygons: [InteriorPoint.Polygon]) -> [Polygon] {
        polygons.map { $0.map { ring in ring.map { LonLat($0.x, $0.y) } } }
    }
}
