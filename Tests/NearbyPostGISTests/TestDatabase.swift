import Foundation
import Logging
import NearbyKit
import PostgresNIO
import Testing

@testable import NearbyPostGIS

/// The PostgreSQL server the PostGIS tests use: `$NEARBY_TEST_POSTGRES_URL`,
/// which scripts/test sets from a throwaway cluster (scripts/postgres). Each
/// test takes a schema of its own in it, dropped afterwards, so tests run in
/// parallel on one cluster without meeting.
///
/// Without the variable the tests are skipped, except in CI (`$CI` set):
/// there a skipped PostGIS test would pass unseen, so each fails instead.
enum TestDatabase {
    static let variable = "NEARBY_TEST_POSTGRES_URL"
    static let baseURL = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    static let inCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

    /// The trait every PostGIS suite carries.
    static let required = Testing.ConditionTrait.enabled(
        if: baseURL != nil || inCI,
        "no PostgreSQL: run `export \(variable)=$(scripts/postgres start)` first (or scripts/test, which does)")

    /// A fresh schema's URL on the test server; the schema is dropped by `drop(_:)`.
    static func scratch() throws -> PostGISStoreURL {
        guard let baseURL else {
            Issue.record("\(variable) is not set in CI: the PostGIS tests must run (scripts/test starts a server with scripts/postgres)")
            throw CancellationError()
        }
        let schema = "nearby_test_\(UInt64.random(in: 0...UInt64.max) % 1_000_000_000_000)"
        return try PostGISStoreURL(baseURL + (baseURL.contains("?") ? "&" : "?") + "schema=\(schema)")
    }

    static func drop(_ url: PostGISStoreURL) async {
        guard let connection = try? await url.connect() else { return }
        _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \"\(url.schema)\" CASCADE"), logger: logger)
        try? await connection.close()
    }

    /// Names of the tables in the schema, sorted.
    static func tables(in url: PostGISStoreURL) async throws -> [String] {
        let connection = try await url.connect()
        defer { Task { try? await connection.close() } }
        var names: [String] = []
        let rows = try await connection.query(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = \(url.schema) ORDER BY 1", logger: logger)
        for try await name in rows.decode(String.self) { names.append(name) }
        return names
    }

    static let logger = Logger(label: "nearby.test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Monaco, as committed.
    static let monaco: PlacesDataset = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        do {
            return try PlacesDataset.load(from: root.appendingPathComponent("Data/places.geojson"))
        } catch {
            Issue.record("cannot read Data/places.geojson: \(error)")
            return PlacesDataset(places: [])
        }
    }()
}
