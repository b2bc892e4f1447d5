import NearbyKit

/// What a map image shows and how big it is, as MapKit's
/// `MKMapSnapshotter.Options` gives it: a region (or positions to fit), a
/// size in points and a scale, plus the pins and the user's position.
public struct MapSnapshotOptions: Hashable, Sendable {
    public enum Framing: Hashable, Sendable {
        /// Centre and span, as the place detail screen sets them.
        case region(Region)
        /// The smallest region holding these positions, with a margin.
        case fitting([Coordinate])
    }

    /// Neither side may be larger than this many pixels after scaling.
    public static let maximumPixels = 4096

    public var framing: Framing
    public var width: Int
    public var height: Int
    public var scale: Int
    public var annotations: [Annotation]
    public var userPosition: Coordinate?

    public init(region: Region, width: Int = 600, height: Int = 400, scale: Int = 2,
                annotations: [Annotation] = [], userPosition: Coordinate? = nil) {
        self.init(framing: .region(region), width: width, height: height, scale: scale,
                  annotations: annotations, userPosition: userPosition)
    }

    /// A region fitted to the annotations and the user's position, as the
    /// list screen's map shows them.
    public init(fittingAnnotations annotations: [Annotation], userPosition: Coordinate? = nil,
                width: Int = 600, height: Int = 400, scale: Int = 2) {
        let positions = annotations.map(\.coordinate) + (userPosition.map { [$0] } ?? [])
        self.init(framing: .fitting(positions), width: width, height: height, scale: scale,
                  annotations: annotations, userPosition: userPosition)
    }

    public init(framing: Framing, width: Int, height: Int, scale: Int,
                annotations: [Annotation], userPosition: Coordinate?) {
        self.framing = framing
        self.width = width
        self.height = height
        self.scale = scale
        self.annotations = annotations
        self.userPosition = userPosition
    }

    /// Reads "600x400" (also "600X400" or "600×400") as points.
    public static func parseSize(_ text: String) throws(SnapshotError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2,
              parts.allSatisfy({ part in !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
              let width = Int(parts[0]), let height = Int(parts[1]) else {
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

    /// The region to draw, once the options are known to be valid.
    public func validatedRegion() throws(SnapshotError) -> Region {
        try Self.validate(width: width, height: height, scale: scale)
        let region: Region
        switch framing {
        case .region(let given):
            region = given
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
