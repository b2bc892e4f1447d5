import Foundation
import Logging
import NIOConcurrencyHelpers
import NearbyKit
import NearbyService
import PostgresNIO

/// Places from a PostGIS database (`--store postgresql://…`), answered with
/// the same contract as the in-memory store: within the radius, nearest
/// first by geodesic distance (`Geodesic`), ties by name then id, at most the
/// limit. PostGIS only picks candidates, a set provably holding every
/// answer; the distances and the order are measured here, by
/// `Geodesic.distance`, exactly as `PlaceStore` does.
///
/// Each call reads one snapshot (one SQL statement, or a name search's two
/// in one transaction): an import that
/// swaps the tables meanwhile (`PostGISImporter`) gives this call wholly the
/// old places or wholly the new. Nothing is cached here: every server on
/// the database answers from what the database holds now, and
/// `datasetInfo()` reads the import's row each time, so the server's answer
/// cache (keyed by `loadedAt`, the import time) turns over with an import;
/// only the decoding of that row is kept, until the row changes.
///
/// The service owns a connection pool run in a task of its own. Call
/// `shutdown()` when done; a service dropped without it cancels the task.
public final class PostGISPlaceService: ReloadablePlaceService {
    public let url: PostGISStoreURL
    let table: PlacesTable
    let addressTables: AddressTables
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let isShutDown = NIOLockedValueBox(false)
    /// The dataset row last read and what it says: the row is read on every
    /// call, its JSON counts decoded only when it differs.
    let lastDataset = NIOLockedValueBox<(row: [String], info: DatasetInfo)?>(nil)
    /// How long a call waits before asking whether the server can be reached
    /// at all: a pool only retries a refused connection, it never says so.
    private let patience: Duration

    public init(url: PostGISStoreURL, patience: Duration = .milliseconds(500)) {
        self.url = url
        table = PlacesTable(schema: url.schema)
        addressTables = AddressTables(schema: url.schema)
        let client = PostgresClient(configuration: url.clientConfiguration())
        self.client = client
        runner = Task { await client.run() }
        self.patience = patience
    }

    public convenience init(url: String) throws(NearbyAPIError) {
        self.init(url: try PostGISStoreURL(url))
    }

    deinit {
        if !isShutDown.withLockedValue({ $0 }) { runner.cancel() }
    }

    /// Closes the pool's connections. Calls after the first do nothing.
    public func shutdown() async {
        guard
            !isShutDown.withLockedValue({ shut in
                defer { shut = true }
                return shut
            })
        else { return }
        runner.cancel()
        await runner.value
    }

    // MARK: PlaceWebService

    public func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        let query = try query.validated()
        if !(query.keyword ?? "").isEmpty { return try await fetchPlacesByName(query) }
        let statement = CandidateQuery(query, table: table).statement
        let store = url
        let places = try await database { client in
            var places: [Place] = []
            for try await row in try await client.query(statement) {
                places.append(try PlacesTable.place(from: row, store: store))
            }
            return places
        }
        return query.answer(Self.ranked(places, around: query))
    }

    /// A name search matches every place in range, and few match: each is
    /// read with only what matching needs (`PlacesTable.matchingColumns`),
    /// and the answers are then read whole. Decoding every place in range
    /// whole, its tags and address as JSON, took most of a name search's
    /// time. Two statements, so one transaction gives them one snapshot.
    private func fetchPlacesByName(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        let candidates = CandidateQuery(query, table: table, columns: PlacesTable.matchingColumns).statement
        let (store, places) = (url, table.places)
        return try await database { client in
            try await client.withConnection { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: Self.queryLogger)
                do {
                    var matching: [Place] = []
                    for try await row in try await connection.query(candidates, logger: Self.queryLogger) {
                        matching.append(try PlacesTable.matchingPlace(from: row, store: store))
                    }
                    let answer = query.answer(Self.ranked(matching, around: query))
                    var whole: [PlaceID: Place] = [:]
                    if !answer.isEmpty {
                        let ids = answer.map(\.place.id)
                        let statement: PostgresQuery =
                            "SELECT \(unescaped: PlacesTable.selectColumns) FROM \(unescaped: places) WHERE id = ANY(\(ids))"
                        for try await row in try await connection.query(statement, logger: Self.queryLogger) {
                            let place = try PlacesTable.place(from: row, store: store)
                            whole[place.id] = place
                        }
                    }
                    try await connection.query("COMMIT", logger: Self.queryLogger)
                    return answer.compactMap { hit in whole[hit.place.id].map { PlaceHit(place: $0, distance: hit.distance) } }
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: Self.queryLogger)
                    throw error
                }
            }
        }
    }

    static let queryLogger = Logger(label: "nearby.postgis", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The candidates within the radius, measured and in the contract's order: nearest first, ties by name then id.
    private static func ranked(_ places: [Place], around query: PlaceQuery) -> [PlaceHit] {
        var ranked: [PlaceHit] = []
        ranked.reserveCapacity(places.count)
        let origin = GeodesicPoint(query.center)
        for place in places {
            let distance = Geodesic.distance(from: origin, to: GeodesicPoint(place.coordinate))
            if distance <= query.radius { ranked.append(PlaceHit(place: place, distance: distance)) }
        }
        ranked.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            return (a.place.name, a.place.id) < (b.place.name, b.place.id)
        }
        return ranked
    }

    public func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        let statement: PostgresQuery = "SELECT \(unescaped: PlacesTable.selectColumns) FROM \(unescaped: table.places) WHERE id = \(id)"
        let store = url
        let place = try await database { client -> Place? in
            for try await row in try await client.query(statement) { return try PlacesTable.place(from: row, store: store) }
            return nil
        }
        guard let place else { throw .unknownPlace(id) }
        return place
    }

    /// Every place of the store, by id: what `nearby update` tells the updated store's places from.
    public func allPlaces() async throws(NearbyAPIError) -> [Place] {
        let statement: PostgresQuery = "SELECT \(unescaped: PlacesTable.selectColumns) FROM \(unescaped: table.places) ORDER BY id"
        let store = url
        return try await database { client -> [Place] in
            var places: [Place] = []
            for try await row in try await client.query(statement) { places.append(try PlacesTable.place(from: row, store: store)) }
            return places
        }
    }

    /// Writes the extract the store keeps to `file` (what `nearby serve` draws
    /// missing tiles from); false when it keeps none. It is read in one
    /// snapshot, so it is of one version, whatever an update does meanwhile.
    public func copyExtract(to file: URL) async throws(NearbyAPIError) -> Bool {
        let (extract, changes) = (table.extract, table.extractChanges)
        return try await database { client in
            try await client.withConnection { connection in
                // The extract and the changes kept with it, of one version: an update may fold them meanwhile.
                try await connection.query("START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: Self.queryLogger)
                do {
                    let kept = try await ExtractTable.copy(extract, changes: changes, to: file, on: connection, logger: Self.queryLogger)
                    try await connection.query("COMMIT", logger: Self.queryLogger)
                    return kept
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: Self.queryLogger)
                    throw error
                }
            }
        }
    }

    /// The address tables' rows around the position (one statement), indexed
    /// for this one question.
    public func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        let sources = try await addressSources(addressTables.around(position))
        return AddressIndex(sources).resolve(at: LonLat(position.longitude, position.latitude), language: language)
    }

    /// The rows of one statement over the address tables; none from a store
    /// imported before there were address tables.
    func addressSources(_ statement: PostgresQuery) async throws(NearbyAPIError) -> AddressSources {
        let (store, places) = (url, table.places)
        return try await database { client -> AddressSources in
            var sources = AddressSources()
            do {
                for try await row in try await client.query(statement) { try AddressTables.add(row, to: &sources, store: store) }
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
                // A store imported before addresses were kept has places and no address tables: no address.
                // Without places it is no store at all (a schema dropped under a running server).
                for try await row in try await client.query("SELECT to_regclass(\(places)) IS NULL") where try row.decode(Bool.self) {
                    throw NearbyAPIError.storeEmpty(url: store.description)
                }
                return AddressSources()
            }
            return sources
        }
    }

    // MARK: Calls

    /// Runs `work` on the pool. If it has not finished within `patience`,
    /// one connection is tried outside the pool: when that fails, the call
    /// fails at once with its reason (refused, no such database, wrong
    /// password) instead of waiting while the pool retries in the
    /// background; when it succeeds, the call goes on waiting, for it is
    /// merely slow.
    func database<T: Sendable>(_ work: @escaping @Sendable (PostgresClient) async throws -> T) async throws(NearbyAPIError) -> T {
        let (client, store, patience) = (client, url, patience)
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await work(client) }
                group.addTask {
                    try await Task.sleep(for: patience)
                    try await store.probe()
                    return nil
                }
                while let outcome = try await group.next() {
                    if let value = outcome {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        } catch {
            throw StoreFailure.error(error, store: store)
        }
    }
}
