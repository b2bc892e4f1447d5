import Foundation
import NearbyService

/// A `next_page_token` that carries its own state: the search, as the
/// nearbysearch parameters that ask for it (`NearbySearchParameters`), and
/// the offset of the next page, as base64url. It is read back by the same
/// reader as the parameters (`NearbySearchQuery`), so a token is held to
/// every rule they are. Any `serve` process given the same data accepts any
/// other's tokens (behind a balancer, after a restart), and tokens work at
/// once, unlike Google's. textsearch's tokens are made the same way
/// (`TextSearchPage`); each route refuses the other's.
public struct PageToken: Hashable, Sendable {
    /// Results per page, as Google's.
    public static let pageSize = 20
    /// Offsets beyond this are not pages anyone reached by paging.
    public static let maximumOffset = 10_000_000
    /// Twice the longest token a request makes (every kind asked for and
    /// left out, the longest keyword, in another script): 3,900 characters.
    static let maximumLength = 8192

    public internal(set) var search: PlaceSearch
    /// The first result of the page: a multiple of `pageSize`.
    public internal(set) var offset: Int

    init(search: PlaceSearch, offset: Int) {
        self.search = search
        self.offset = offset
    }

    public var encoded: String {
        Self.encoded(query: NearbySearchParameters(search).query, offset: offset)
    }

    /// The page a token stands for; anything that is not a token this
    /// server makes, or asks for what the parameters may not, is refused.
    init(encoded text: String) throws(NearbyAPIError) {
        let (parameters, offset) = try Self.read(text)
        guard parameters["query"] == nil, let search = try? NearbySearchQuery.search(parameters, localZone: .gmt) else {
            throw Self.invalid
        }
        self.init(search: search, offset: offset)
    }

    static let invalid = NearbyAPIError.invalidRequest("invalid pagetoken")

    /// A route's parameters as written and the page's offset, as a token.
    static func encoded(query: String, offset: Int) -> String {
        Base64URL.encoded(Data((query + "&offset=\(offset)").utf8))
    }

    /// The parameters and offset a token holds, for its route's reader to read.
    static func read(_ text: String) throws(NearbyAPIError) -> (QueryParameters, Int) {
        guard text.utf8.count <= Self.maximumLength, let data = Base64URL.decoded(text),
            let query = String(data: data, encoding: .utf8),
            let parameters = try? QueryParameters(Substring(query)),
            let offsetText = parameters["offset"], let offset = Int(offsetText), offset >= 0, offset <= Self.maximumOffset,
            offset % Self.pageSize == 0, String(offset) == offsetText
        else { throw invalid }
        return (parameters, offset)
    }
}
