/// What makes a file not a nearby GeoPackage, or a row in it unusable.
enum GeoPackageFormatError: Error, Equatable {
    case geometry(String)
    case notNearby(String)
    case row(fid: Int64, String)
}

extension GeoPackageFormatError {
    /// The words after "is" or "because".
    var reason: String {
        switch self {
        case .geometry(let reason), .notNearby(let reason), .row(_, let reason): reason
        }
    }
}
