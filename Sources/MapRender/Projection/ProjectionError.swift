import Foundation

/// What can go wrong between degrees and pixels.
public enum ProjectionError: Error, Equatable, LocalizedError {
    /// PROJ could not build the EPSG:4326 → EPSG:3857 transform (a broken
    /// PROJ installation: proj.db missing or unreadable).
    case transformUnavailable(String)
    /// PROJ returned an infinite or NaN position (latitudes at the poles).
    case notProjectable(latitude: Double, longitude: Double)

    public var errorDescription: String? {
        switch self {
        case .transformUnavailable(let reason):
            "PROJ could not create the EPSG:4326 to EPSG:3857 transform: \(reason)"
        case .notProjectable(let latitude, let longitude):
            "the position \(latitude), \(longitude) cannot be shown on a Web Mercator map"
        }
    }
}
