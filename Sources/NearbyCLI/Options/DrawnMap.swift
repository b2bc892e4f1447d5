import MapRender

/// What `--png` drew, for `--json`'s "map" object: where pins could not
/// stand on their places, and how many names found no room.
struct DrawnMap: Encodable {
    var file: String
    var widthPx: Int
    var heightPx: Int
    var zoom: Int
    var pinsSpread: Int
    var clusters: Int
    var clusteredPlaces: Int
    var labelsDropped: Int
    var landOnlyTiles: Int

    enum CodingKeys: String, CodingKey {
        case file, zoom, clusters
        case widthPx = "width_px"
        case heightPx = "height_px"
        case pinsSpread = "pins_spread"
        case clusteredPlaces = "clustered_places"
        case labelsDropped = "labels_dropped"
        case landOnlyTiles = "land_only_tiles"
    }

    init(file: String, snapshot: MapSnapshot) {
        self.file = file
        widthPx = snapshot.image.width
        heightPx = snapshot.image.height
        zoom = snapshot.viewport.zoom
        pinsSpread = snapshot.spreadPins
        clusters = snapshot.clusters.count
        clusteredPlaces = snapshot.clusters.reduce(0) { $0 + $1.members.count }
        labelsDropped = snapshot.droppedTitles
        landOnlyTiles = snapshot.warnings.count
    }

    /// How the map's layout went, for the `wrote FILE` line: empty when
    /// every pin stands on its place and every name was drawn.
    var layoutSummary: [String] {
        var layout: [String] = []
        if pinsSpread > 0 { layout.append("\(pinsSpread) pins spread apart") }
        if clusters > 0 { layout.append("\(clusteredPlaces) places in \(clusters) cluster\(clusters == 1 ? "" : "s")") }
        if labelsDropped > 0 { layout.append("\(labelsDropped) name\(labelsDropped == 1 ? "" : "s") left out for want of room") }
        return layout
    }
}

/// A view's JSON document with the drawn map beside its own fields.
struct DocumentWithMap<Body: Encodable>: Encodable {
    var body: Body
    var map: DrawnMap?

    enum CodingKeys: String, CodingKey { case map }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(map, forKey: .map)
    }
}
