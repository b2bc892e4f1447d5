import Foundation
import NearbyKit

/// nearby's `nextPageToken` for searchNearby (Google's searchNearby has
/// none): the offset of the next page and the request's canonical body, as
/// base64url. Stateless, so any `serve` over the same data takes any
/// other's tokens; read back by the request's own reader, so a forged token
/// is refused or asks for nothing a request cannot.
public enum SearchNearbyPageToken {
    static let maximumLength = 8192
    public static let maximumOffset = 10_000_000

    public static func token(for request: SearchNearbyRequest, offset: Int) -> String {
        Base64URL.encoded(Data("\(offset):".utf8) + request.canonicalBody)
    }

    public static func read(_ text: String) throws(RPCError) -> SearchNearbyRequest {
        let invalid = RPCError.invalidArgument("Invalid pageToken")
        guard text.utf8.count <= maximumLength, let data = Base64URL.decoded(text),
            let colon = data.firstIndex(of: UInt8(ascii: ":")),
            let offsetText = String(data: data[..<colon], encoding: .utf8), let offset = Int(offsetText),
            String(offset) == offsetText, (0...maximumOffset).contains(offset)
        else { throw invalid }
        let body = Data(data[(colon + 1)...])
        var request: SearchNearbyRequest
        do {
            let object = try ProtoJSONObject(body: body, fields: SearchNearbyRequest.fields.subtracting(["pageToken"]))
            request = try SearchNearbyRequest.read(object)
        } catch {
            throw invalid
        }
        request.offset = offset
        return request
    }
}
