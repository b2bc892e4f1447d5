import Foundation

/// A `next_page_token` that carries its own state: the normalised request
/// and the offset of the next page, as base64url JSON. Any `serve` process
/// given the same data accepts any other's tokens (behind a balancer, after
/// a restart), and tokens work at once, unlike Google's.
public struct PageToken: Codable, Hashable, Sendable {
    /// Results per page, as Google's.
    public static let pageSize = 20
    /// Offsets beyond this are not pages anyone reached by paging.
    public static let maximumOffset = 10_000_000

    public internal(set) var request: NearbySearchRequest
    /// The first result of the page: a multiple of `pageSize`.
    public internal(set) var offset: Int

    enum CodingKeys: String, CodingKey {
        case request = "q"
        case offset = "o"
    }

    public var encoded: String {
        // Keys sorted: every process writes the same token for the same page (hash order differs per process).
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(self)) ?? Data()
        return json.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// nil for anything that is not a token this server made.
    public init?(encoded text: String) {
        guard !text.isEmpty, text.utf8.count <= 4096,
            text.utf8.allSatisfy({
                $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let token = try? JSONDecoder().decode(PageToken.self, from: data) else { return nil }
        self = token
    }

    init(request: NearbySearchRequest, offset: Int) {
        self.request = request
        self.offset = offset
    }
}
