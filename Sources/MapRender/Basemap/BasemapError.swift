import Foundation

/// Why basemap tiles could not be drawn from an OpenStreetMap extract.
public enum BasemapError: Error, Equatable, LocalizedError {
    case extractMissing(String)
    /// The extract could not be had: a store's copy failed (the reason).
    case extractUnavailable(String)
    case osmiumNotFound
    case osmiumFailed(status: Int32, message: String)
    case malformedExport(String)
    case invalidZoomRange(String)
    case tooManyTiles(Int)
    case projection(ProjectionError)
    case output(PNGError)

    public var errorDescription: String? {
        switch self {
        case .extractMissing(let path):
            "the OpenStreetMap extract \(path) does not exist"
        case .extractUnavailable(let reason):
            "the OpenStreetMap extract cannot be had: \(reason)"
        case .osmiumNotFound:
            "osmium is not installed (Debian package osmium-tool)"
        case .osmiumFailed(let status, let message):
            "osmium failed with status \(status): \(message)"
        case .malformedExport(let reason):
            "osmium's GeoJSON export could not be read: \(reason)"
        case .invalidZoomRange(let text):
            "zoom \"\(text)\" is not a zoom or a range such as 10-17 within 0-20"
        case .tooManyTiles(let count):
            "that is \(count) tiles, more than \(BasemapTileRenderer.maximumTiles): give a narrower --zoom or a smaller extract"
        case .projection(let error):
            error.localizedDescription
        case .output(let error):
            error.localizedDescription
        }
    }

    /// The sysexits(3) code a command line should end with.
    public var exitCode: Int32 {
        switch self {
        case .extractMissing: 66
        case .osmiumNotFound, .extractUnavailable: 69
        case .osmiumFailed, .malformedExport, .projection: 65
        case .invalidZoomRange, .tooManyTiles: 64
        case .output(let error): error.exitCode
        }
    }
}
