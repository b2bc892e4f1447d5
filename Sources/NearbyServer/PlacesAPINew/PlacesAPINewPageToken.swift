import Foundation
import NearbyKit
import NearbyService

/// A search of the Places API (New) that answers in pages: what its page
/// token carries and how it is read back.
public protocol PlacesAPINewPagedRequest: Sendable {
    /// The request's body fields, `pageToken` among them.
    static var fields: Set<String> { get }
    /// Reads a body that is not a token's.
    static func read(_ object: ProtoJSONObject) throws(RPCError) -> Self
    var search: PlaceSearch { get }
    /// The request as a body with its fields in a fixed order, which `read` reads back as it is.
    var canonicalBody: Data { get }
    var pageSize: Int { get }
    /// Where the page starts in the whole answer.
    var offset: Int { get set }
    /// Whether no place can match (a circle of no size, only types OSM cannot express).
    var matchesNothing: Bool { get }
    /// Whether a place the service found passes what `search` cannot say (primary types).
    func admits(_ place: Place) -> Bool
    /// Whether the search's name is a question in words (`PlaceSearch.readingQuestion`),
    /// and whether the request restricted the area itself.
    var readsQuestion: (reads: Bool, restricted: Bool) { get }
}

extension PlacesAPINewPagedRequest {
    /// The body of a request, or of the page token it carries.
    public static func read(_ body: Data) throws(RPCError) -> Self {
        let object = try ProtoJSONObject(body: body, fields: fields)
        if let token = try object.string("pageToken"), !token.isEmpty { return try PlacesAPINewPageToken.read(token) }
        return try read(object)
    }
}

/// nearby's `nextPageToken` for the Places API (New)'s searches: the offset
/// of the next page and the request's canonical body, as base64url.
/// Stateless, so any `serve` over the same data takes any other's tokens;
/// read back by the request's own reader, so a forged token is refused or
/// asks for nothing a request cannot. (Google's searchNearby has no token;
/// its searchText stops at 60 results, where nearby's does not.)
public enum PlacesAPINewPageToken {
    static let maximumLength = 8192
    public static let maximumOffset = 10_000_000

    public static func token<Request: PlacesAPINewPagedRequest>(for request: Request, offset: Int) -> String {
        Base64URL.encoded(Data("\(offset):".utf8) + request.canonicalBody)
    }

    public static func read<Request: PlacesAPINewPagedRequest>(_ text: String, as: Request.Type = Request.self) throws(RPCError) -> Request
    {
        let invalid = RPCError.invalidArgument("Invalid pageToken")
        guard text.utf8.count <= maximumLength, let data = Base64URL.decoded(text),
            let colon = data.firstIndex(of: UInt8(ascii: ":")),
            let offsetText = String(data: data[..<colon], encoding: .utf8), let offset = Int(offsetText),
            String(offset) == offsetText, (0...maximumOffset).contains(offset)
        else { throw invalid }
        var request: Request
        do {
            let object = try ProtoJSONObject(body: Data(data[(colon + 1)...]), fields: Request.fields.subtracting(["pageToken"]))
            request = try Request.read(object)
        } catch {
            throw invalid
        }
        request.offset = offset
        return request
    }
}
