import CProj

/// Distances on the WGS84 ellipsoid through PROJ's geodesic routines
/// (Karney's algorithm, accurate to a few nanometres).
public enum Geodesic {
    /// WGS84 semi-major axis and flattening (EPSG:7030).
    public static let equatorialRadius = 6_378_137.0
    public static let flattening = 1 / 298.257223563

    // Initialised once and never freed: geod_init precomputes series
    // coefficients that every call reuses.
    nonisolated(unsafe) private static let wgs84: UnsafeMutablePointer<geod_geodesic> = {
        let g = UnsafeMutablePointer<geod_geodesic>.allocate(capacity: 1)
        geod_init(g, equatorialRadius, flattening)
        return g
    }()

    /// Metres along the shortest path on the ellipsoid.
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        var metres = 0.0
        geod_inverse(wgs84, a.latitude, a.longitude, b.latitude, b.longitude, &metres, nil, nil)
        return metres
    }
}
