/// One place, one result: a shop is often mapped twice, as a point and as
/// the building (or grounds) around it. An area with the same name and main
/// category as a node inside it is folded into that node: the node keeps
/// its id and position and takes what only the area said (an address,
/// opening hours, tags).
package struct NodeAreaMerge {
    private var outlines: [PlaceID: [InteriorPoint.Polygon]] = [:]

    /// Remembers a place that came from an area, with the area's outline.
    mutating func add(_ place: Place, polygons: [InteriorPoint.Polygon]) {
        outlines[place.id] = polygons
    }

    /// The areas among `places` (before they are merged), with the node
    /// each was folded into.
    package func areaPlaces(_ places: [Place], folded: [PlaceID: [PlaceID]]) -> [AreaPlace] {
        var into: [PlaceID: PlaceID] = [:]
        for (node, areas) in folded { for area in areas { into[area] = node } }
        return places.compactMap { place in
            guard let outline = outlines[place.id],
                let box = BoundingBox(outline.joined().joined().map { LonLat($0.x, $0.y) })
            else { return nil }
            return AreaPlace(id: place.id, name: place.name, category: place.category, box: box, foldedInto: into[place.id])
        }
    }

    /// The places with every area that a node repeats folded into the node,
    /// and the ids of the areas folded into each node.
    package func merged(_ places: [Place]) -> (places: [Place], folded: [PlaceID: [PlaceID]]) {
        guard !outlines.isEmpty else { return (places, [:]) }
        // Each area's outline and box, found once: a common name (a chain's shops) makes
        // every node of it a candidate for every area of it, and the box turns most away.
        var areas: [(index: Int, box: BoundingBox, outline: [InteriorPoint.Polygon])] = []
        var areasByKey: [Key: [Int]] = [:]
        for (index, place) in places.enumerated() {
            guard let outline = outlines[place.id], let box = BoundingBox(outline.joined().joined().map { LonLat($0.x, $0.y) })
            else { continue }
            areasByKey[Key(place), default: []].append(areas.count)
            areas.append((index, box, outline))
        }
        var result = places
        var folded = Set<Int>()
        var foldedInto: [PlaceID: [PlaceID]] = [:]
        for (index, node) in places.enumerated() where node.id.hasPrefix("n") {
            guard let candidates = areasByKey[Key(node)] else { continue }
            let position = LonLat(node.coordinate.longitude, node.coordinate.latitude)
            for candidate in candidates {
                let (area, box, outline) = areas[candidate]
                guard box.contains(position), !folded.contains(area), Self.contains(outline, node.coordinate) else { continue }
                result[index].fill(from: places[area])
                folded.insert(area)
                foldedInto[node.id, default: []].append(places[area].id)
            }
        }
        guard !folded.isEmpty else { return (places, [:]) }
        return (result.indices.filter { !folded.contains($0) }.map { result[$0] }, foldedInto)
    }

    private struct Key: Hashable {
        var name: String
        var category: PlaceCategory
        init(_ place: Place) {
            name = place.name
            category = place.category
        }
    }

    /// Even-odd ray casting over every ring: holes and the gaps between
    /// a multipolygon's parts are outside.
    static func contains(_ polygons: [InteriorPoint.Polygon], _ coordinate: Coordinate) -> Bool {
        let (x, y) = (coordinate.longitude, coordinate.latitude)
        var inside = false
        for ring in polygons.joined() where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for point in ring {
                if (point.y > y) != (previous.y > y),
                    x < (previous.x - point.x) * (y - point.y) / (previous.y - point.y) + point.x
                {
                    inside.toggle()
                }
                previous = point
            }
        }
        return inside
    }
}

extension Place {
    /// Takes from another mapping of the same place what this one lacks.
    fileprivate mutating func fill(from other: Place) {
        address = address ?? other.address
        openingHours = openingHours ?? other.openingHours
        phone = phone ?? other.phone
        website = website ?? other.website
        cuisine = cuisine ?? other.cuisine
        imageURL = imageURL ?? other.imageURL
        timeZone = timeZone ?? other.timeZone
        let kinds = Set(categories)
        otherCategories += other.categories.filter { !kinds.contains($0) }
        tags.merge(other.tags) { own, _ in own }
    }
}
