import NearbyKit
import NearbyService
import PostgresNIO

/// The one SQL statement that fetches, for a place query, a set of places
/// certain to hold every answer: the service then measures and ranks them
/// exactly. Category and exclusion filters are applied here; the keyword is
/// not (its folding is Swift's), so a query with a keyword takes everything
/// in range, as the in-memory store does (of each place, `columns`: a name
/// search reads only what matching needs, `PlacesTable.matchingColumns`).
///
/// The circle is `ST_DWithin` on geography, widened by 1 % and 1 m: the
/// GiST boxes are grown on a sphere of the mean radius, which can fall short
/// of an ellipsoidal distance by up to 0.56 % (the ratio of the extreme
/// radii of curvature), and PostGIS's geodesic code is not PROJ's to the
/// last bit. Anything the margin lets in is cut by the exact distance.
///
/// With a limit k, the known trap is `WHERE ST_DWithin(…) ORDER BY geog <-> p
/// LIMIT k`: when fewer than k places lie in the circle, the index walk in
/// distance order never finds a k-th and goes on through the whole index.
/// Instead the statement first takes the k nearest by `<->` with no distance
/// predicate (a walk that stops after k rows, per category through that
/// category's partial index), and the largest of their geodesic distances
/// bounds the k-th nearest: at least k places are that close, so no answer
/// is further. The circle is then the smaller of that bound and the radius,
/// widened as above. Both steps are one statement, one snapshot.
struct CandidateQuery {
    let statement: PostgresQuery

    init(_ query: PlaceQuery, table: PlacesTable, columns: String = PlacesTable.selectColumns) {
        var binds = PostgresBindings()
        binds.append(query.center.longitude)  // $1
        binds.append(query.center.latitude)  // $2
        binds.append(query.radius)  // $3
        let point = "ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography"

        var filters: [String] = []
        if !query.categories.isEmpty {
            binds.append(query.categories.map(\.rawValue).sorted())
            filters.append("categories && $\(binds.count)::text[]")
        }
        var exclusion: String?
        if !query.excludedCategories.isEmpty {
            binds.append(query.excludedCategories.map(\.rawValue).sorted())
            exclusion = "NOT (categories && $\(binds.count)::text[])"
        }
        if let exclusion { filters.append(exclusion) }
        let filter = filters.map { " AND " + $0 }.joined()
        let select = "SELECT \(columns) FROM \(table.places)"
        let margin = "* 1.01 + 1"

        let hasKeyword = !(query.keyword ?? "").isEmpty
        guard let limit = query.limit, !hasKeyword else {
            statement = PostgresQuery(unsafeSQL: "\(select) WHERE ST_DWithin(geog, \(point), $3 \(margin))\(filter)", binds: binds)
            return
        }
        binds.append(limit)
        let k = "$\(binds.count)"
        // Per category, the category's partial index; its predicate is spelt as the index's is.
        let branches: [String] =
            if query.categories.isEmpty {
                [exclusion.map { "WHERE \($0)" } ?? ""]
            } else {
                query.categories.sorted { $0.rawValue < $1.rawValue }.map { category in
                    "WHERE \(PlacesTable.literal(category)) = ANY (categories)" + (exclusion.map { " AND \($0)" } ?? "")
                }
            }
        let nearest = branches.map { whereClause in
            "(SELECT id, ST_Distance(geog, \(point)) AS d FROM \(table.places) \(whereClause) ORDER BY geog <-> \(point) LIMIT \(k))"
        }.joined(separator: " UNION ALL ")
        // Fewer than k at all: no bound but the radius.
        let bound = "COALESCE((SELECT d FROM (SELECT DISTINCT id, d FROM nearest) AS u ORDER BY d OFFSET \(k) - 1 LIMIT 1), $3)"
        statement = PostgresQuery(
            unsafeSQL: """
                WITH nearest AS (\(nearest))
                \(select) WHERE ST_DWithin(geog, \(point), LEAST((SELECT \(bound)), $3) \(margin))\(filter)
                """,
            binds: binds)
    }
}
