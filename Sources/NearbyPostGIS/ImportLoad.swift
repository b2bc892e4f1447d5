import Foundation
import Logging
import NearbyKit
import NearbyService
import PostgresNIO

/// The tables one import loads beside the served ones (their names with
/// `PlacesTable.loadingSuffix`), in the order `PostGISImporter` fills them,
/// and their swap into place in one transaction.
struct ImportLoad {
    let connection: PostgresConnection
    let live: PlacesTable
    let addresses: AddressTables
    let elements: ElementTables
    /// The element tables this load writes: none without an extract.
    let elementNames: [String]
    let keepsExtract: Bool
    /// Index and key names must be unique in the schema while old and new tables live side by side.
    let token = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    private var logger: Logger { PostGISImporter.logger }

    init(schema: String, connection: PostgresConnection, keepsExtract: Bool) {
        self.connection = connection
        live = PlacesTable(schema: schema)
        addresses = AddressTables(schema: schema)
        elements = ElementTables(schema: schema)
        elementNames = keepsExtract ? ElementTables.names : []
        self.keepsExtract = keepsExtract
    }

    private var loadingPlaces: String { live.places + PlacesTable.loadingSuffix }
    private var loadingDataset: String { live.dataset + PlacesTable.loadingSuffix }
    private var loadingExtract: String { live.extract + PlacesTable.loadingSuffix }
    private func loadingAddresses(_ name: String) -> String { addresses.table(name + PlacesTable.loadingSuffix) }
    private func loadingElements(_ name: String) -> String { elements.table(name + PlacesTable.loadingSuffix) }

    func run(_ sql: String) async throws { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }

    /// The schema, the places table and the kept extract's, which is filled at once.
    func createTables(extract: URL?) async throws {
        try await run("CREATE SCHEMA IF NOT EXISTS \(live.quotedSchema)")
        try await run("DROP TABLE IF EXISTS \(loadingPlaces), \(loadingDataset), \(loadingExtract)")
        if let extract {
            try await run(ExtractTable.create(loadingExtract))
            try await ExtractTable.insert(extract, into: loadingExtract, on: connection, logger: logger)
        }
        try await run(PlacesTable.createPlaces(loadingPlaces, token: token))
        // COPY quotes the table name it is given as one identifier: name it alone, on the schema's path.
        try await run("SET search_path TO \(live.quotedSchema), public")
    }

    /// COPYs the places in batches, saying after each how many are written.
    func copyPlaces(_ places: [Place], written: (Int) -> Void) async throws {
        let total = places.count
        written(0)
        try await connection.copyFrom(
            table: PlacesTable.placesName + PlacesTable.loadingSuffix, columns: PlacesTable.copyColumns, logger: logger
        ) { writer in
            var done = 0
            while done < total {
                let end = min(done + PostGISImporter.batchSize, total)
                var text = ""
                for place in places[done..<end] { PlacesTable.copyLine(place, into: &text) }
                try await writer.write(ByteBuffer(string: text))
                done = end
                written(done)
            }
        }
    }

    func copyAddressSources(_ sources: AddressSources) async throws {
        for name in AddressTables.loadedNames {
            try await run("DROP TABLE IF EXISTS \(loadingAddresses(name))")
            for statement in AddressTables.create(loadingAddresses(name), name: name, token: token) { try await run(statement) }
            try await connection.copyFrom(
                table: name + PlacesTable.loadingSuffix, columns: AddressTables.copyColumns(name), logger: logger
            ) { writer in
                try await AddressTables.copyLines(sources, table: name, batch: PostGISImporter.batchSize) { text in
                    try await writer.write(ByteBuffer(string: text))
                }
            }
        }
    }

    /// The extract's elements and its places mapped as areas, for updates in place.
    func copyElements(_ read: some Sequence<OSMElement>, areas: [AreaPlace]) async throws {
        var lines = ElementTables.copyLines(read, batch: PostGISImporter.batchSize)
        var areaLines = ""
        for area in areas { ElementTables.copyLine(area, into: &areaLines) }
        lines[ElementTables.names[5]] = [areaLines]
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

    func index() async throws {
        for statement in PlacesTable.createIndexes(on: loadingPlaces, token: token) { try await run(statement) }
        for name in elementNames {
            for statement in ElementTables.keys(loadingElements(name), name: name, token: token) { try await run(statement) }
        }
    }

    func analyse() async throws {
        try await run("ANALYZE \(loadingPlaces)")
        for name in AddressTables.loadedNames { try await run("ANALYZE \(loadingAddresses(name))") }
        for name in elementNames { try await run("ANALYZE \(loadingElements(name))") }
    }

    func writeDataset(_ info: DatasetInfo) async throws {
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
    }

    /// Every loaded table renamed over the served one, in one transaction.
    func swap() async throws {
        let swaps: [String] = AddressTables.loadedNames.flatMap { name in
            ["DROP TABLE IF EXISTS \(addresses.table(name))", "ALTER TABLE \(loadingAddresses(name)) RENAME TO \(name)"]
        }
        let keptElements: [String] =
            ElementTables.names.map { "DROP TABLE IF EXISTS \(elements.table($0))" }
            + elementNames.map { "ALTER TABLE \(loadingElements($0)) RENAME TO \($0)" }
        let renames: [String] = [
            "DROP TABLE IF EXISTS \(live.places)",
            "ALTER TABLE \(loadingPlaces) RENAME TO \(PlacesTable.placesName)",
            "DROP TABLE IF EXISTS \(live.dataset)",
            "ALTER TABLE \(loadingDataset) RENAME TO \(PlacesTable.datasetName)",
            // An extract that is not these places' is not kept, nor what updates in place kept with it.
            "DROP TABLE IF EXISTS \(live.extract)",
            "DROP TABLE IF EXISTS \(live.extractChanges)",
        ]
        let extractRename = keepsExtract ? ["ALTER TABLE \(loadingExtract) RENAME TO \(ExtractTable.name)"] : []
        try await connection.withTransaction(logger: logger) { connection in
            for sql in renames + extractRename + swaps + keptElements {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        }
    }
}
