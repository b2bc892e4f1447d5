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
    /// `--service` names no place service nearby can speak to (not http or
    /// https, no host, a query…): a usage error.
    case invalidServiceURL(String, reason: String)
    /// A remote service could not be reached; `reason` says what happened
    /// as the rest of a sentence ("refused the connection").
    case serviceUnreachable(url: String, reason: String)
    /// A remote service did not answer within the time it was given.
    case serviceTimedOut(url: String, seconds: Double)
    /// A remote service answered with an HTTP error and nothing in the API's shape.
    case serviceHTTPStatus(url: String, status: Int, reason: String)
    /// `--store` or `--to` names no database nearby can speak to (not
    /// postgresql://, no database…): a usage error.
    case invalidStoreURL(String, reason: String)
    /// A database store could not be reached or used; `url` is printed
    /// without its password and `reason` says what happened as the rest of
    /// a sentence ("refused the connection").
    case storeUnavailable(url: String, reason: String)
    /// A database store holds no places table: nothing was imported there.
    case storeEmpty(url: String)

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
            "invalid radius \(metres) m: it must be a positive number of metres, "
                + "at most \(Int(PlaceQuery.maximumRadius)) (half the equator)"
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
        case .invalidServiceURL(let text, let reason):
            "invalid place service URL \"\(text)\": \(reason)"
        case .serviceUnreachable(let url, let reason):
            "the place service at \(url) \(reason)"
        case .serviceTimedOut(let url, let seconds):
            "the place service at \(url) did not answer within \(Self.format(seconds: seconds)) s"
        case .serviceHTTPStatus(let url, let status, let reason):
            "the place service at \(url) answered HTTP \(status)\(reason.isEmpty ? "" : " \(reason)")"
        case .invalidStoreURL(let text, let reason):
            "invalid store URL \"\(text)\": \(reason)"
        case .storeUnavailable(let url, let reason):
            "the store at \(url) \(reason)"
        case .storeEmpty(let url):
            "the store at \(url) holds no places (load some with `nearby import EXTRACT --to \(url)`)"
        }
    }

    /// "5", "0.25": seconds as people write them.
    static func format(seconds: Double) -> String {
        String(format: "%g", seconds)
    }
}

extension NearbyAPIError {
    /// The sysexits(3) code a command line ends with: 64 for a question
    /// asked wrongly, 65 for data that is not what it should be, 66 for data
    /// not there, 69 for a service or store that does not answer, 74 for
    /// data that cannot be read.
    public var exitCode: Int32 {
        switch self {
        case .dataMissing, .storeEmpty: 66
        case .dataUnreadable: 74
        case .invalidData, .unknownPlace: 65
        case .invalidCoordinate, .invalidRadius, .invalidLimit, .invalidRequest, .invalidServiceURL, .invalidStoreURL: 64
        case .serviceUnavailable, .badResponse, .serviceUnreachable, .serviceTimedOut, .serviceHTTPStatus, .storeUnavailable: 69
        }
    }
}
