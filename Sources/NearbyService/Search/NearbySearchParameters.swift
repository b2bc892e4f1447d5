import NearbyKit

/// A search as Google's nearbysearch parameters, the one writer of that
/// form: `location`, `radius`, `type` and `exclude_type` (nearby's category
/// ids, comma-separated), `keyword`, and for a whole `PlaceSearch` also
/// `opennow`, `at` and `language`. The HTTP client sends a query so; a page
/// token carries a search so, read back by the server's one reader of the
/// form. The limit is not written: the client reads pages until it has enough.
public struct NearbySearchParameters: Sendable {
    public private(set) var items: [(name: String, value: String)]

    public init(_ query: PlaceQuery) {
        items = [
            ("location", "\(Self.decimal(query.center.latitude)),\(Self.decimal(query.center.longitude))"),
            ("radius", Self.decimal(query.radius)),
        ]
        // Sorted, so that one query always makes one URL (caches see one answer).
        if !query.categories.isEmpty {
            items.append(("type", query.categories.map(\.rawValue).sorted().joined(separator: ",")))
        }
        if !query.excludedCategories.isEmpty {
            items.append(("exclude_type", query.excludedCategories.map(\.rawValue).sorted().joined(separator: ",")))
        }
        if let keyword = query.keyword, !keyword.isEmpty {
            items.append(("keyword", keyword))
        }
    }

    public init(_ search: PlaceSearch) {
        self.init(search.placeQuery)
        if search.openNow { items.append(("opennow", "true")) }
        if let instant = search.instant { items.append(("at", InstantParser.string(for: instant))) }
        if let language = search.language { items.append(("language", language)) }
    }

    /// As a query string (`PercentEncoding.query`).
    public var query: String { PercentEncoding.query(items) }

    /// The shortest digits that read back as the same Double, written
    /// without an exponent (`0.00001`, not `1e-05`), so that the server
    /// measures from exactly the position asked and a strict parser of
    /// decimal numbers takes it.
    public static func decimal(_ value: Double) -> String {
        let text = "\(value)"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent  // digits before the decimal point
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var result = String(digits.prefix(point))
        var rest = String(digits.dropFirst(point))
        while rest.hasSuffix("0") { rest.removeLast() }
        if !rest.isEmpty { result += "." + rest }
        return (negative ? "-" : "") + result
    }
}
