/// How much of a nearby search the HTTP place service reads before it stops:
/// a server that keeps issuing new page tokens is cut off, and a query that
/// would page through a whole country is told to narrow.
public struct PagingLimits: Hashable, Sendable {
    /// 100,000 places in at most 10,000 pages (nearby serves 20 a page, Google 20 in 3).
    public static let `default` = PagingLimits(places: 100_000, pages: 10_000)

    public var places: Int
    public var pages: Int

    public init(places: Int, pages: Int) {
        self.places = places
        self.pages = pages
    }
}
