import Foundation
import NearbyKit
import NearbyService
import PostgresNIO

/// What the store says it holds: the import's row, read on every call, and
/// the places' centre, read once an import.
extension PostGISPlaceService {
    public func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        let statement: PostgresQuery = """
            SELECT attribution, license, time_zone, source, extract(epoch FROM imported_at)::float8, place_count,
                   category_counts::text, skipped_unknown_categories::text, (to_jsonb(d) -> 'replication')::text
            FROM \(unescaped: table.dataset) AS d LIMIT 1
            """
        let store = url
        let info = try await database { client -> DatasetInfo? in
            for try await row in try await client.query(statement) {
                // `replication` through to_jsonb: a store imported before the column was added reads as none.
                let (attribution, license, zone, source, importedAt, count, counts, skipped, replicationText) = try row.decode(
                    (String, String?, String?, String?, Double, Int, String, String, String?).self)
                let key = [
                    attribution, license ?? "\u{0}", zone ?? "\u{0}", source ?? "\u{0}", "\(importedAt)", "\(count)", counts, skipped,
                    replicationText ?? "\u{0}",
                ]
                if let last = self.lastDataset.withLockedValue({ $0 }), last.row == key { return last.info }
                let decoder = JSONDecoder()
                guard let categoryCounts = try? decoder.decode([String: Int].self, from: Data(counts.utf8)),
                    let skippedCounts = try? decoder.decode([String: Int].self, from: Data(skipped.utf8))
                else {
                    throw NearbyAPIError.storeUnavailable(
                        url: store.description, reason: "holds counts nearby cannot read; import the data again with this nearby")
                }
                let replication = try JSONColumn.replication(replicationText, store: store)
                let info = DatasetInfo(
                    attribution: attribution, license: license, timeZone: zone, source: source, placeCount: count,
                    categoryCounts: categoryCounts, skippedUnknownCategories: skippedCounts,
                    loadedAt: Date(timeIntervalSince1970: importedAt), center: try await self.center(client), replication: replication)
                self.lastDataset.withLockedValue { $0 = (key, info) }
                return info
            }
            return nil
        }
        guard let info else { throw .storeEmpty(url: url.description) }
        return info
    }

    /// The places' median latitude and longitude, as `DatasetInfo(dataset:)`
    /// takes them from a file (the element at index count / 2 of each, sorted):
    /// read once per import, when the dataset row is new.
    private func center(_ client: PostgresClient) async throws -> Coordinate? {
        let statement: PostgresQuery = """
            WITH half AS (SELECT count(*) / 2 AS n FROM \(unescaped: table.places))
            SELECT (SELECT latitude FROM \(unescaped: table.places) ORDER BY latitude OFFSET (SELECT n FROM half) LIMIT 1),
                   (SELECT longitude FROM \(unescaped: table.places) ORDER BY longitude OFFSET (SELECT n FROM half) LIMIT 1)
            """
        for try await row in try await client.query(statement) {
            let (latitude, longitude) = try row.decode((Double?, Double?).self)
            guard let latitude, let longitude else { return nil }
            return try? Coordinate(latitude: latitude, longitude: longitude)
        }
        return nil
    }

    /// The database is read on every call, so there is nothing to read
    /// again: this checks that the store answers and says what it holds.
    @discardableResult
    public func reload() async throws(NearbyAPIError) -> DatasetInfo {
        try await datasetInfo()
    }

    /// Never: every call reads the store as it is.
    public func isBehindItsSource() -> Bool { false }
}
