import NearbyKit
import NearbyService

extension HTTPPlaceService {
    static let findPlacePath = "/maps/api/place/findplacefromtext/json"

    /// The server's own answer (`findplacefromtext`, `inputtype=phonenumber`), each place then read in full.
    public func places(withPhoneNumber e164: String) async throws(NearbyAPIError) -> [Place] {
        let query = [("input", e164), ("inputtype", "phonenumber"), ("fields", "place_id")]
        let answer: FindPlaceResponse = try await get(Self.findPlacePath, query: query)
        switch answer.status {
        case .ok, .zeroResults: break
        default: throw statusError(answer.status, message: answer.errorMessage, placeID: nil)
        }
        var places: [Place] = []
        for id in answer.candidates.compactMap(\.placeID) {
            places.append(try await fetchPlace(id: id))
        }
        return places.sorted { $0.id < $1.id }
    }
}
