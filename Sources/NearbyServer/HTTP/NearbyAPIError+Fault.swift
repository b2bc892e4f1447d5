import NearbyKit
import NearbyService

extension NearbyAPIError {
    /// Whose fault a failure is, which decides how an API answers it.
    enum Fault {
        /// The request's: a parameter missing or out of range.
        case request(String)
        /// The place asked for is not in the data.
        case unknownPlace(PlaceID)
        /// The data or the service behind it: logged, answered without paths.
        case service
    }

    var fault: Fault {
        switch self {
        case .invalidRequest(let reason): .request(reason)
        case .invalidCoordinate, .invalidRadius, .invalidLimit: .request(localizedDescription)
        case .unknownPlace(let id): .unknownPlace(id)
        case .dataMissing, .dataUnreadable, .invalidData, .serviceUnavailable, .badResponse,
            .invalidServiceURL, .serviceUnreachable, .serviceTimedOut, .serviceHTTPStatus,
            .invalidStoreURL, .storeUnavailable, .storeEmpty:
            .service
        }
    }
}
