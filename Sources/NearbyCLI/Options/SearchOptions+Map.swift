import MapRender
import NearbyKit

extension SearchOptions {
    /// The map of a list or of search results, with this search's circle and units.
    func map(of annotations: [Annotation], around user: Coordinate, width: Int, height: Int, scale: Int) -> MapSnapshotOptions {
        .list(of: annotations, around: user, radius: radius, units: units, width: width, height: height, scale: scale)
    }
}
