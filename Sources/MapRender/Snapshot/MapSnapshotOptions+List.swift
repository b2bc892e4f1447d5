import NearbyKit

extension MapSnapshotOptions {
    /// The map of a list or of search results: the numbered pins and the
    /// user fitted, the circle searched, and a scale bar in the list's units.
    /// The CLI's `--png` and the web pages draw lists this one way.
    public static func list(
        of annotations: [Annotation], around user: Coordinate, radius: Double, units: DistanceUnit,
        width: Int, height: Int, scale: Int
    ) -> MapSnapshotOptions {
        var options = MapSnapshotOptions(fittingAnnotations: annotations, userPosition: user, width: width, height: height, scale: scale)
        options.searchCircle = SearchCircle(centre: user, radius: radius)
        options.scaleBar = units
        return options
    }
}
