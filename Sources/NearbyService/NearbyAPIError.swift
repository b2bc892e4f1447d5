import Foundation
import NearbyKit

/// Everything a place service can fail with, each with a sentence a user
/// understands. `Equatable` so view models and tests can compare outcomes.
public enum NearbyAPIError: Error, Equatable, Sendable, LocalizedError {
    /// The dataset file is not there.
    case dataMissing(path: String)
    /// The dataset file is there but cannot be read.
    case dataUnreadable(path: String, reason: String)
    /// The dataset is not a places GeoJSON; `location` says where (`feature 12`).
    case invalidData(path: String, location: String, reason: String)
    case invalidCoordinate(String)
    case invalidRadius(Double)
    case invalidLimit(Int)
    case unknownPlace(PlaceID)
    /// A query the service refuses, as Google's INVALID_REQUEST says why.
    case invalidRequest(String)
    /// A remote service did not answer, or refused to.
    case serviceUnavailable(String)
    /// A remote service answered with something that is not the API's shape.
    case badResponse(String)

    public var errorDescription: String? {
        switch self {
        case .dataMissing(let path):
            "no places dataset at \(path) (run `nearby import` or pass --data FILE)"
        case .dataUnreadable(let path, let reason):
            "cannot read the places dataset \(path): \(reason)"
        case .invalidData(let path, let location, let reason):
            "invalid places dataset \(path), \(location): \(reason)"
        case .invalidCoordinate(let reason):
            "invalid position: \(reason)"
        case .invalidRadius(let metres):
            "invalid radius \(metres) m: it must be a positive number of metres, at most \(Int(PlaceQuery.maximumRadius)) (half the equator)"
        case .invalidLimit(let limit):
            "invalid limit \(limit): it must be at least 1"
        case .unknownPlace(let id):
            "no place with id \(id) in the dataset"
        case .invalidRequest(let reason):
            "invalid request: \(reason)"
        case .serviceUnavailable(let reason):
            "the place service is unavailable: \(reason)"
        case .badResponse(let reason):
            "the place service gave an unusable answer: \(reason)"
        }
    }
}
