import NearbyKit

/// A Google Static Maps request (`/maps/api/staticmap?…`) read from its
/// query's name/value pairs, already percent-decoded, in their order:
///
///     center=43.7384,7.4246 & zoom=15 & size=600x400 & scale=2
///     markers=color:blue|label:S|43.7397,7.4277 & markers=size:tiny|43.7391,7.4273
///     path=color:0xff0000cc|weight:4|43.73,7.42|43.74,7.43   path=fillcolor:0xffff0033|enc:…
///     visible=43.75,7.44
///
/// Parsing is total: every input gives a request or a `StaticMapError`
/// naming the parameter, never a trap. Parameters Google accepts but that
/// change nothing here (`key`, `signature`, `language`, `region`, `style`,
/// `map_id`, …) and unknown ones are ignored, as Google ignores them.
public struct StaticMapRequest: Hashable, Sendable {
    /// Points per side before scaling (Google's premium limit).
    public static let maximumSide = 2048
    /// Markers, path points and visible locations in all.
    public static let maximumPoints = 1000
    /// Longest value of any one parameter, in UTF-8 bytes (Google's whole URL limit).
    public static let maximumValueLength = 16_384
    /// Most name/value pairs a request may have.
    public static let maximumParameterCount = 2048

    public var width: Int
    public var height: Int
    public var scale: Int
    public var center: Coordinate?
    public var zoom: Int?
    public var markers: [MapMarker]
    public var paths: [MapPath]
    public var visible: [Coordinate]
    /// `format=png8`: an 8-bit palette PNG. `png` and `png32` (the default
    /// here, though Google's default is png8) keep every colour.
    public var usesPalette: Bool
    /// Where the map is drawn: centre and zoom, or fitted (see `parse`).
    public var framing: MapSnapshotOptions.Framing

    /// Reads a request. Without `center` and `zoom` the map is fitted to the
    /// markers, paths and `visible` locations; with only `center` it keeps
    /// that centre and takes the deepest zoom showing them all; with only
    /// `zoom` it is centred on them at that zoom.
    public static func parse(_ parameters: [(name: String, value: String)]) throws(StaticMapError) -> StaticMapRequest {
        try StaticMapRequest(parameters: parameters)
    }

    public init(parameters: [(name: String, value: String)]) throws(StaticMapError) {
        guard parameters.count <= Self.maximumParameterCount else {
            throw .tooLong(parameter: "query", limit: Self.maximumParameterCount)
        }
        var reader = StaticMapParameterReader()
        var seen: Set<String> = []
        var size: (Int, Int)?
        var scale = 1
        var center: Coordinate?
        var zoom: Int?
        var markers: [MapMarker] = []
        var paths: [MapPath] = []
        var visible: [Coordinate] = []
        var usesPalette = false
        for (name, value) in parameters {
            if ["center", "zoom", "size", "scale", "format", "maptype"].contains(name) {
                guard seen.insert(name).inserted else { throw .repeated(parameter: name) }
            }
            guard value.utf8.count <= Self.maximumValueLength else {
                throw .tooLong(parameter: name, limit: Self.maximumValueLength)
            }
            switch name {
            case "center": center = try reader.location(value, parameter: name, counts: false)
            case "zoom": zoom = try reader.zoom(value)
            case "size": size = try reader.size(value)
            case "scale": scale = try reader.scale(value)
            case "format": usesPalette = try reader.format(value)
            case "maptype": try reader.mapType(value)
            case "markers": markers += try reader.markers(value)
            case "path": if let path = try reader.path(value) { paths.append(path) }
            case "visible": visible += try reader.locations(value, parameter: name)
            default: break
            }
        }
        guard let (width, height) = size else { throw .missing(parameter: "size") }
        do throws(SnapshotError) {
            try MapSnapshotOptions.validate(width: width, height: height, scale: scale)
        } catch {
            throw .outOfRange(
                parameter: "size", value: "\(width)x\(height) at scale \(scale)",
                allowed: "at most \(MapSnapshotOptions.maximumPixels) pixels a side after scaling")
        }
        self.width = width
        self.height = height
        self.scale = scale
        self.center = center
        self.zoom = zoom
        self.markers = markers
        self.paths = paths
        self.visible = visible
        self.usesPalette = usesPalette
        self.framing = try Self.framing(
            center: center, zoom: zoom,
            positions: markers.map(\.coordinate) + paths.flatMap(\.points) + visible)
    }

    /// The snapshot this request asks for.
    public var snapshotOptions: MapSnapshotOptions {
        MapSnapshotOptions(framing: framing, width: width, height: height, scale: scale, markers: markers, paths: paths)
    }

    private static func framing(center: Coordinate?, zoom: Int?, positions: [Coordinate]) throws(StaticMapError)
        -> MapSnapshotOptions.Framing
    {
        let parameter = positions.isEmpty ? "center" : "markers"
        switch (center, zoom) {
        case (let center?, let zoom?):
            return .centred(center, zoom: zoom)
        case (nil, nil):
            guard !positions.isEmpty else { throw .nothingToShow }
            guard let region = Region(fitting: positions), fits(region) else { throw .cannotFit(parameter: parameter) }
            return .fitting(positions)
        case (let center?, nil):
            guard !positions.isEmpty else { throw .zoomRequired }
            // The same margin a fitted map has, around the given centre.
            var halfLatitude = 0.0, halfLongitude = 0.0
            for position in positions {
                halfLatitude = max(halfLatitude, abs(position.latitude - center.latitude))
                halfLongitude = max(halfLongitude, abs(position.longitude - center.longitude))
            }
            let span = Region.Span(
                latitudeDelta: max(2 * halfLatitude * 1.2, Region.Span.placeDetail.latitudeDelta),
                longitudeDelta: max(2 * halfLongitude * 1.2, Region.Span.placeDetail.longitudeDelta))
            let region = Region(center: center, span: span)
            guard fits(region) else { throw .cannotFit(parameter: parameter) }
            return .region(region)
        case (nil, let zoom?):
            guard let region = Region(fitting: positions) else { throw .centerRequired }
            guard fits(region) else { throw .cannotFit(parameter: parameter) }
            return .centred(region.center, zoom: zoom)
        }
    }

    /// What the snapshotter accepts as a region's span.
    private static func fits(_ region: Region) -> Bool {
        [region.span.latitudeDelta, region.span.longitudeDelta].allSatisfy { $0 > 0 && $0 <= 180 && $0.isFinite }
    }
}
