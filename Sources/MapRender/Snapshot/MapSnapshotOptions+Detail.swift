import NearbyKit

extension MapSnapshotOptions {
    /// The map of one place: its pin on the region around it, and the
    /// person where known, framed with the place when both fit at a
    /// readable zoom (`Framing.regionWithPerson`), else an arrow at the
    /// edge says which way they are. The CLI's `show --png` and the detail
    /// page draw it this one way.
    public static func detail(region: Region, pin: Annotation, user: Coordinate?, width: Int, height: Int, scale: Int) -> MapSnapshotOptions
    {
        MapSnapshotOptions(
            framing: user.map { .regionWithPerson(region, $0) } ?? .region(region), width: width, height: height, scale: scale,
            annotations: [pin], userPosition: user)
    }
}
