import NearbyKit

/// What a map image shows and how big it is, as MapKit's
/// `MKMapSnapshotter.Options` gives it: a region (or positions to fit, or a
/// centre and zoom), a size in points and a scale, plus the pins, the user's
/// position, and a static map request's markers and paths.
public struct MapSnapshotOptions: Hashable, Sendable {
    public enum Framing: Hashable, Sendable {
        /// Centre and span, as the place detail screen sets them.
        case region(Region)
        /// The deepest zoom holding these positions, with room kept around
        /// them for the pins' heads, the selected pin's label and the credit
        /// (`fitInsets`), and never closer than the place detail's span.
        case fitting([Coordinate])
        /// This centre at this XYZ zoom, as a static map request names them.
        case centred(Coordinate, zoom: Int)
        /// The region, or when the person is off it, the deepest zoom
        /// holding both its centre (the place) and the person, provided
        /// that is `readableZoom` or closer; else the region as it is, and
        /// the person is an arrow at the edge.
        case regionWithPerson(Region, Coordinate)
    }

    /// The farthest out a map may go to show the person beside the place:
    /// the main streets are still named (`RoadClass.labelZoom`).
    public static let readableZoom = 14

    /// Neither side may be larger than this many pixels after scaling.
    public static let maximumPixels = 4096

    public var framing: Framing
    public var width: Int
    public var height: Int
    public var scale: Int
    public var annotations: [Annotation]
    public var userPosition: Coordinate?
    /// A static map request's pins, drawn over the paths in their own colours.
    public var markers: [MapMarker]
    /// Lines and polygons, drawn over the basemap and under every pin.
    public var paths: [MapPath]
    /// The circle a list searched, drawn light under the pins.
    public var searchCircle: SearchCircle?
    /// A scale bar in these units in the bottom-left corner.
    public var scaleBar: DistanceUnit?

    public init(
        region: Region, width: Int = 600, height: Int = 400, scale: Int = 2,
        annotations: [Annotation] = [], userPosition: Coordinate? = nil
    ) {
        self.init(
            framing: .region(region), width: width, height: height, scale: scale,
            annotations: annotations, userPosition: userPosition)
    }

    /// A region fitted to the annotations and the user's position, as the
    /// list screen's map shows them.
    public init(
        fittingAnnotations annotations: [Annotation], userPosition: Coordinate? = nil,
        width: Int = 600, height: Int = 400, scale: Int = 2
    ) {
        let positions = annotations.map(\.coordinate) + (userPosition.map { [$0] } ?? [])
        self.init(
            framing: .fitting(positions), width: width, height: height, scale: scale,
            annotations: annotations, userPosition: userPosition)
    }

    public init(
        framing: Framing, width: Int, height: Int, scale: Int,
        annotations: [Annotation] = [], userPosition: Coordinate? = nil,
        markers: [MapMarker] = [], paths: [MapPath] = []
    ) {
        self.framing = framing
        self.width = width
        self.height = height
        self.scale = scale
        self.annotations = annotations
        self.userPosition = userPosition
        self.markers = markers
        self.paths = paths
    }

    /// Reads "600x400" (also "600X400" or "600×400") as points.
    public static func parseSize(_ text: String) throws(SnapshotError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2,
            parts.allSatisfy({ part in !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
            let width = Int(parts[0]), let height = Int(parts[1])
        else {
            throw .malformedSize(text)
        }
        return (width, height)
    }

    /// Checks a size in points and a scale, before there is anything to draw.
    public static func validate(width: Int, height: Int, scale: Int) throws(SnapshotError) {
        guard width > 0, height > 0 else { throw .zeroSize }
        guard (1...3).contains(scale) else { throw .scaleOutOfRange(scale) }
        // Compare before multiplying so an absurd width cannot overflow.
        guard width <= maximumPixels / scale, height <= maximumPixels / scale else {
            // A side already too large in points (perhaps too large to multiply)
            // is reported as given, unscaled.
            let scaled = width <= maximumPixels && height <= maximumPixels ? scale : 1
            throw .sizeTooLarge(pixelWidth: width * scaled, pixelHeight: height * scaled)
        }
    }

    /// Where the image lands, once the options are known to be valid.
    func validatedViewport(projection: WebMercatorProjection) throws(SnapshotError) -> MapViewport {
        try Self.validate(width: width, height: height, scale: scale)
        if case .centred(let centre, let zoom) = framing {
            guard (0...MapViewport.maximumExplicitZoom).contains(zoom) else { throw .zoomOutOfRange(zoom) }
            do {
                return try MapViewport(center: centre, zoom: zoom, width: width, height: height, scale: scale, projection: projection)
            } catch {
                throw .projection(error)
            }
        }
        let region = try validatedRegion()
        do {
            if case .regionWithPerson(_, let person) = framing {
                return try viewport(of: region, showing: person, projection: projection)
            }
            guard case .fitting(let positions) = framing else {
                return try MapViewport(region: region, width: width, height: height, scale: scale, projection: projection)
            }
            // The closest a fit may come: the place detail's span on the positions' middle.
            let closest = try MapViewport(
                region: Region(center: region.center, span: .placeDetail), width: width, height: height,
                scale: scale, projection: projection)
            return MapViewport(
                fitting: try projection.project(positions), insets: fitInsets, maximumZoom: closest.zoom,
                width: width, height: height, scale: scale)
        } catch {
            throw .projection(error)
        }
    }

    /// The region's own map when the person is on it (clear of its edges),
    /// else the fit of the place and the person if that is readable.
    private func viewport(of region: Region, showing person: Coordinate, projection: WebMercatorProjection) throws(ProjectionError)
        -> MapViewport
    {
        let own = try MapViewport(region: region, width: width, height: height, scale: scale, projection: projection)
        let points = try projection.project([region.center, person])
        let pixel = own.pixel(for: points[1]), insets = fitInsets, pixelScale = Double(scale)
        if pixel.x >= insets.left * pixelScale, pixel.x <= Double(own.pixelWidth) - insets.right * pixelScale,
            pixel.y >= insets.top * pixelScale, pixel.y <= Double(own.pixelHeight) - insets.bottom * pixelScale
        {
            return own
        }
        let both = MapViewport(fitting: points, insets: insets, maximumZoom: own.zoom, width: width, height: height, scale: scale)
        return both.zoom >= min(Self.readableZoom, own.zoom) ? both : own
    }

    /// What a fitted map keeps clear around its positions, in points: the
    /// tallest pin's head (and the selected pin's label) above, half a head
    /// or the user's dot at the sides, and the credit's box below.
    var fitInsets: EdgeInsets {
        let margin = 2.0
        let radii =
            annotations.map { $0.isSelected ? PinPainter.selectedHeadRadius : PinPainter.headRadius }
            + markers.map(\.size.headRadius)
        let tallest = (radii.max() ?? 0) * (PinPainter.stemLength + 1)
        let labelled = annotations.contains { $0.isSelected && !$0.title.isEmpty }
        let side = max(radii.max() ?? 0, userPosition == nil ? 0 : UserPositionPainter.dotRadius) + margin
        let bottom = max(LabelPainter.attributionHeight, scaleBar == nil ? 0 : ScaleBarPainter.height, side)
        return EdgeInsets(
            top: tallest + (labelled ? LabelPainter.labelHeight : 0) + margin, left: side,
            bottom: bottom + margin, right: side)
    }

    /// The region a `.region` or `.fitting` framing draws, once checked.
    private func validatedRegion() throws(SnapshotError) -> Region {
        let region: Region
        switch framing {
        case .region(let given), .regionWithPerson(let given, _):
            region = given
        case .centred(let centre, _):
            // Not reached: a centre and zoom need no region.
            region = Region(center: centre, span: .placeDetail)
        case .fitting(let positions):
            guard let fitted = Region(fitting: positions) else { throw .nothingToShow }
            region = fitted
        }
        for span in [region.span.latitudeDelta, region.span.longitudeDelta] {
            guard span > 0, span <= 180, span.isFinite else { throw .spanOutOfRange(span) }
        }
        return region
    }
}
