import Foundation
import Logging
import NearbyKit
import NearbyService
import NearbyUpdate
import PostgresNIO

/// Brings a PostGIS store forward by change files where it lies, in one
/// transaction (`IncrementalUpdate` over the store's tables and the
/// elements kept beside them, `ElementTables`), as `GeoPackageUpdate` does a
/// GeoPackage: servers read the store before or after it, a failure or a
/// `kill -9` leaves it as it was, and only what the changes reach is
/// written. The change files are kept beside the extract
/// (`ExtractTable.keep`), which they bring forward when it is read.
public enum PostGISUpdate {
    /// Whether the store keeps what an update in place needs: a store
    /// imported by a nearby from before it, updated once by loading it again,
    /// does from then on.
    public static func isPossible(_ writer: PostGISImporter.Writer) async throws(NearbyAPIError) -> Bool {
        let url = writer.importer.url
        let tables = ElementTables(schema: url.schema)
        let names = ElementTables.names.map(tables.table) + [PlacesTable(schema: url.schema).extract]
        do {
            let found = try await writer.connection.query(
                "SELECT count(*) FROM unnest(\(names)::text[]) AS t(name) WHERE to_regclass(t.name) IS NOT NULL", logger: logger)
            for try await row in found { return try row.decode(Int.self) == names.count }
            return false
        } catch {
            throw StoreFailure.error(error, store: url)
        }
    }

    /// Where the store stands: its zone, source and replication state.
    public static func standing(
        _ writer: PostGISImporter.Writer
    ) async throws(NearbyAPIError) -> (timeZone: String?, source: String?, replication: ReplicationState?) {
        let url = writer.importer.url
        do {
            let rows = try await writer.connection.query(
                """
                SELECT time_zone, source, replication::text FROM \(unescaped: PlacesTable(schema: url.schema).dataset) LIMIT 1
                """, logger: logger)
            for try await row in rows {
                let (zone, source, replication) = try row.decode((String?, String?, String?).self)
                return (zone, source, try JSONColumn.replication(replication, store: url))
            }
        } catch {
            throw StoreFailure.error(error, store: url)
        }
        throw .storeEmpty(url: url.description)
    }

    /// Applies `changes` (checked already: their sequence, their size) and
    /// records `replication`, within the writer's lock; the places the
    /// update removed and wrote, and how many the store holds after it.
    public static func run(
        _ changes: [URL], with writer: PostGISImporter.Writer, osmium: URL, replication: ReplicationState?, importedAt: Date = Date(),
        scratch: URL
    ) async throws -> (outcome: IncrementalUpdate.Outcome, placeCount: Int) {
        let (connection, url) = (writer.connection, writer.importer.url)
        let live = PlacesTable(schema: url.schema)
        try await connection.query("BEGIN", logger: logger)
        do {
            // COPY names its table alone. The statements are many and short,
            // or long for what they read: compiling them, or splitting one over
            // workers that each build its hash, costs more than it saves.
            try await connection.query(
                """
                SELECT set_config('search_path', \(live.quotedSchema + ", public"), true), set_config('jit', 'off', true),
                       set_config('max_parallel_workers_per_gather', '0', true)
                """, logger: logger)
            var standing: (zone: String?, count: Int, counts: [String: Int])?
            let dataset = try await connection.query(
                "SELECT time_zone, place_count, category_counts::text FROM \(unescaped: live.dataset) LIMIT 1 FOR UPDATE", logger: logger)
            for try await row in dataset {
                let (zone, count, counts) = try row.decode((String?, Int, String).self)
                standing = (zone, count, try JSONDecoder().decode([String: Int].self, from: Data(counts.utf8)))
            }
            guard let standing else { throw NearbyAPIError.storeEmpty(url: url.description) }
            let tables = Tables(connection: connection, url: url, timeZone: standing.zone)
            var outcome = try await IncrementalUpdate(osmium: osmium).run(changes, on: tables, scratch: scratch)
            outcome.after = outcome.after.map(tables.zoned)
            try await ExtractTable.keep(changes, in: live.extractChanges, on: connection, logger: logger)
            try await ExtractTable.foldChanges(live.extract, changes: live.extractChanges, scratch: scratch, on: connection, logger: logger)

            let count = standing.count + outcome.after.count - outcome.before.count
            var counts = standing.counts
            for place in outcome.before { for category in place.categories { counts[category.rawValue, default: 0] -= 1 } }
            for place in outcome.after { for category in place.categories { counts[category.rawValue, default: 0] += 1 } }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let countsText = String(decoding: try encoder.encode(counts.filter { $0.value > 0 }), as: UTF8.self)
            let replicationText = try replication.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            // Microseconds: what timestamptz keeps.
            let seconds = (importedAt.timeIntervalSince1970 * 1e6).rounded() / 1e6
            try await connection.query(
                """
                UPDATE \(unescaped: live.dataset) SET imported_at = to_timestamp(\(seconds)), place_count = \(count),
                  category_counts = \(countsText)::jsonb, replication = \(replicationText)::jsonb
                """, logger: logger)
            try await connection.query("COMMIT", logger: logger)
            return (outcome, count)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            guard let error = error as? PSQLError else { throw error }
            throw StoreFailure.writeFailure(error, store: url) ?? StoreFailure.error(error, store: url)
        }
    }

    static let logger = PostGISImporter.logger
}
