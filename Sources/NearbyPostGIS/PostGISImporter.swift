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
        let load = ImportLoad(schema: url.schema, connection: connection, keepsExtract: extract != nil)
        // What an update in place needs, read from the extract kept while the places are copied.
        let reading = try extract.map { ElementReader(osmium: try OSMImporter.locateOsmium()).reading($0) }
        try await load.createTables(extract: extract)
        let total = dataset.places.count
        try await load.copyPlaces(dataset.places) { written in
            progress(Progress(stage: .copying, placesWritten: written, placeCount: total))
        }
        try await load.copyAddressSources(dataset.addressSources)
        if let reading {
            progress(Progress(stage: .elements, placesWritten: total, placeCount: total))
            try await load.copyElements(try reading.wait(), areas: dataset.areaPlaces)
        }
        try await load.run("RESET search_path")
        progress(Progress(stage: .indexing, placesWritten: total, placeCount: total))
        try await load.index()
        progress(Progress(stage: .analysing, placesWritten: total, placeCount: total))
        try await load.analyse()
        try await load.writeDataset(info)
        progress(Progress(stage: .swapping, placesWritten: total, placeCount: total))
        try await load.swap()
    }
}
