import Foundation
import NearbyKit

// Placeholder until the AsyncHTTPClient implementation lands (branch `client`).
public final class HTTPPlaceService: PlaceWebService {
    public let baseURL: URL

    public init(baseURL: String) throws(NearbyAPIError) {
        guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw .invalidRequest("\(baseURL) is not an http:// or https:// URL")
        }
        self.baseURL = url
    }

    public func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        throw .serviceUnavailable("the HTTP client is not built yet")
    }

    public func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        throw .serviceUnavailable("the HTTP client is not built yet")
    }

    public func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        throw .serviceUnavailable("the HTTP client is not built yet")
    }

    public func shutdown() async {}
}
