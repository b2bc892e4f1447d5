import Foundation
import Logging
import NearbyKit
import NearbyService
import PostgresNIO

/// Loads a places dataset into a PostGIS store while servers may be reading
/// it: COPY into `nearby_places_new` (and the address tables, `AddressTables`), the GiST indexes built and ANALYZE run
/// there, the dataset row written beside it, then both renamed into place
/// in one transaction. A query running during the swap finishes on the old
/// table; one arriving meanwhile waits for the swap's commit and then reads
/// the new table (PostgreSQL looks a name up again after waiting for its
/// lock), so no request fails and none sees a mix. The extract the places
/// came from, when given, is kept beside them (`ExtractTable`) and swapped
/// with them, for `nearby update`. Writers of one schema take turns (an
/// advisory lock: an import waits for the one before, and an update holds
/// it from its read of the store to its swap, `withWriterLock`), and a load
/// that fails leaves the served tables as they were.
public struct PostGISImporter: Sendable {
    public let url: PostGISStoreURL

    /// Where a load is, for a progress line.
    public struct Progress: Sendable, Equatable {
        public enum Stage: String, Sendable {
            case copying = "copying"
            /// The extract's elements, read and copied beside the places for updates in place.
            case elements = "keeping elements"
            case indexing = "indexing"
            case analysing = "analysing"
            case swapping = "swapping"
        }
        public var stage: Stage
        public var placesWritten: Int
        public var placeCount: Int
    }

    /// Rows sent to the server in one COPY message batch.
    static let batchSize = 2_000

    public init(url: PostGISStoreURL) {
        self.url = url
    }

    /// Loads `dataset`, and `extract` (the OpenStreetMap extract it was
    /// imported from, kept for updates; nil keeps none), and returns what
    /// `datasetInfo()` now serves.
    @discardableResult
    public func load(
        _ dataset: PlacesDataset, extract: URL? = nil, importedAt: Date = Date(), progress: @Sendable (Progress) -> Void = { _ in }
    ) async throws(NearbyAPIError) -> DatasetInfo {
        do {
            return try await withWriterLock { writer throws(NearbyAPIError) in
                try await writer.load(dataset, extract: extract, importedAt: importedAt, progress: progress)
            }
        } catch {
            throw StoreFailure.error(error, store: url)
        }
    }

    /// One session holding the schema's writer lock, for `withWriterLock`'s body.
    public struct Writer: Sendable {
        let importer: PostGISImporter
        let connection: PostgresConnection

        /// Writes the extract the store keeps to `file`; false when it keeps
        /// none (imported by a nearby from before updates, or without one).
        public func copyExtract(to file: URL) async throws(NearbyAPIError) -> Bool {
            do {
                let table = PlacesTable(schema: importer.url.schema)
                return try await ExtractTable.copy(
                    table.extract, changes: table.extractChanges, to: file, on: connection, logger: PostGISImporter.logger)
            } catch {
                throw StoreFailure.error(error, store: importer.url)
            }
        }

        /// As `PostGISImporter.load`, within the lock already held.
        @discardableResult
        public func load(
            _ dataset: PlacesDataset, extract: URL?, importedAt: Date = Date(), progress: @Sendable (Progress) -> Void = { _ in }
        ) async throws(NearbyAPIError) -> DatasetInfo {
            // Places carry the dataset's zone, as the in-memory store gives them out.
            let dataset = dataset.withDefaultTimeZone()
            // Microseconds: what timestamptz keeps, so the info returned equals what is read back.
            let importedAt = Date(timeIntervalSince1970: (importedAt.timeIntervalSince1970 * 1e6).rounded() / 1e6)
            let info = DatasetInfo(dataset: dataset, loadedAt: importedAt)
            do {
                try await importer.load(dataset, info: info, extract: extract, on: connection, progress: progress)
            } catch {
                throw StoreFailure.error(error, store: importer.url)
            }
            return info
        }
    }

    /// Runs `body` on one session holding the schema's writer lock: no other
    /// import or update of the schema writes until it returns (they wait).
    /// An update reads the store and loads its new places within one.
    public func withWriterLock<T: Sendable, E: Error>(_ body: (Writer) async throws(E) -> T) async throws -> T {
        let connection = try await url.connect()
        do {
            // Held until the connection closes.
            try await connection.query(
                "SELECT pg_advisory_lock(hashtext(\("nearby import " + url.schema)))", logger: Self.logger)
        } catch {
            try? await connection.close()
            throw StoreFailure.error(error, store: url)
        }
        do {
            let result = try await body(Writer(importer: self, connection: connection))
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static let logger = Logger(label: "nearby.postgis.import", factory: { _ in SwiftLogNoOpLogHandler() })

    private func load(
        _ dataset: PlacesDataset, info: DatasetInfo, extract: URL?, on connection: PostgresConnection, progress: (Progress) -> Void
    ) async throws {
        let logger = Self.logger
        let schema = url.schema
        let live = PlacesTable(schema: schema)
        let loadingPlaces = live.places + PlacesTable.loadingSuffix
        let loadingDataset = live.dataset + PlacesTable.loadingSuffix
        let keptExtract = live.extract
        let loadingExtract = keptExtract + PlacesTable.loadingSuffix
        // Index and key names must be unique in the schema while old and new tables live side by side.
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        func run(_ sql: String) async throws { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }

        // What an update in place needs, read from the extract kept while the places are copied.
        let reading = try extract.map { ElementReader(osmium: try OSMImporter.locateOsmium()).reading($0) }
        try await run("CREATE SCHEMA IF NOT EXISTS \(live.quotedSchema)")
        try await run("DROP TABLE IF EXISTS \(loadingPlaces), \(loadingDataset), \(loadingExtract)")
        if let extract {
            try await run(ExtractTable.create(loadingExtract))
            try await ExtractTable.insert(extract, into: loadingExtract, on: connection, logger: logger)
        }
        try await run(PlacesTable.createPlaces(loadingPlaces, token: token))

        let total = dataset.places.count
        progress(Progress(stage: .copying, placesWritten: 0, placeCount: total))
        // COPY quotes the table name it is given as one identifier: name it alone, on the schema's path.
        try await run("SET search_path TO \(live.quotedSchema), public")
        try await connection.copyFrom(
            table: PlacesTable.placesName + PlacesTable.loadingSuffix, columns: PlacesTable.copyColumns, logger: logger
        ) { writer in
            var written = 0
            while written < total {
                let end = min(written + Self.batchSize, total)
                var text = ""
                for place in dataset.places[written..<end] { PlacesTable.copyLine(place, into: &text) }
                try await writer.write(ByteBuffer(string: text))
                written = end
                progress(Progress(stage: .copying, placesWritten: written, placeCount: total))
            }
        }
        let addresses = AddressTables(schema: schema)
        for name in AddressTables.names {
            try await run("DROP TABLE IF EXISTS \(addresses.table(name + PlacesTable.loadingSuffix))")
            for statement in AddressTables.create(addresses.table(name + PlacesTable.loadingSuffix), name: name, token: token) {
                try await run(statement)
            }
            try await connection.copyFrom(table: name + PlacesTable.loadingSuffix, columns: AddressTables.copyColumns(name), logger: logger)
            {
                writer in
                try await AddressTables.copyLines(dataset.addressSources, table: name, batch: Self.batchSize) { text in
                    try await writer.write(ByteBuffer(string: text))
                }
            }
        }
        let elements = ElementTables(schema: schema)
        let elementNames = reading == nil ? [] : ElementTables.names
        if let reading {
            progress(Progress(stage: .elements, placesWritten: total, placeCount: total))
            var lines = ElementTables.copyLines(try reading.wait(), batch: Self.batchSize)
            var areas = ""
            for area in dataset.areaPlaces { ElementTables.copyLine(area, into: &areas) }
            lines[ElementTables.names[5]] = [areas]
            for name in elementNames {
                let loading = name + PlacesTable.loadingSuffix
                try await run("DROP TABLE IF EXISTS \(elements.table(loading))")
                try await run(ElementTables.create(elements.table(loading), name: name))
                try await connection.copyFrom(table: loading, columns: ElementTables.copyColumns(name), logger: logger) { writer in
                    for text in lines[name] ?? [] where !text.isEmpty { try await writer.write(ByteBuffer(string: text)) }
                }
                lines[name] = nil
            }
        }
        try await run("RESET search_path")

        progress(Progress(stage: .indexing, placesWritten: total, placeCount: total))
        for statement in PlacesTable.createIndexes(on: loadingPlaces, token: token) { try await run(statement) }
        for name in elementNames {
            for statement in ElementTables.keys(elements.table(name + PlacesTable.loadingSuffix), name: name, token: token) {
                try await run(statement)
            }
        }
        progress(Progress(stage: .analysing, placesWritten: total, placeCount: total))
        try await run("ANALYZE \(loadingPlaces)")
        for name in AddressTables.names { try await run("ANALYZE \(addresses.table(name + PlacesTable.loadingSuffix))") }
        for name in elementNames { try await run("ANALYZE \(elements.table(name + PlacesTable.loadingSuffix))") }

        try await run(PlacesTable.createDataset(loadingDataset))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let counts = String(decoding: try encoder.encode(info.categoryCounts), as: UTF8.self)
        let skipped = String(decoding: try encoder.encode(info.skippedUnknownCategories), as: UTF8.self)
        let replication = try info.replication.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try await connection.query(
            """
            INSERT INTO \(unescaped: loadingDataset)
            VALUES (\(info.attribution), \(info.license), \(info.timeZone), \(info.source),
                    to_timestamp(\(info.loadedAt.timeIntervalSince1970)), \(info.placeCount), \(counts)::jsonb, \(skipped)::jsonb,
                    \(replication)::jsonb)
            """, logger: logger)

        progress(Progress(stage: .swapping, placesWritten: total, placeCount: total))
        let swaps: [String] = AddressTables.names.flatMap { name in
            [
                "DROP TABLE IF EXISTS \(addresses.table(name))",
                "ALTER TABLE \(addresses.table(name + PlacesTable.loadingSuffix)) RENAME TO \(name)",
            ]
        }
        let keptElements: [String] =
            ElementTables.names.map { "DROP TABLE IF EXISTS \(elements.table($0))" }
            + elementNames.map { "ALTER TABLE \(elements.table($0 + PlacesTable.loadingSuffix)) RENAME TO \($0)" }
        let renames: [String] = [
            "DROP TABLE IF EXISTS \(live.places)",
            "ALTER TABLE \(loadingPlaces) RENAME TO \(PlacesTable.placesName)",
            "DROP TABLE IF EXISTS \(live.dataset)",
            "ALTER TABLE \(loadingDataset) RENAME TO \(PlacesTable.datasetName)",
            // An extract that is not these places' is not kept, nor what updates in place kept with it.
            "DROP TABLE IF EXISTS \(keptExtract)",
            "DROP TABLE IF EXISTS \(live.extractChanges)",
        ]
        let extractRename = extract == nil ? [] : ["ALTER TABLE \(loadingExtract) RENAME TO \(ExtractTable.name)"]
        try await connection.withTransaction(logger: logger) { connection in
            for sql in renames + extractRename + swaps + keptElements {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
    }
}
