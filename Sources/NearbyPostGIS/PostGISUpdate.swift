import Foundation
import Logging
import NearbyKit
import NearbyUpdate
import NearbyService
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

    /// The store's tables as `IncrementalUpdate` reads and writes them, each
    /// question one statement.
    private final class Tables: UpdateTables {
        let connection: PostgresConnection
        let url: PostGISStoreURL
        let places: PlacesTable
        let addresses: AddressTables
        let elements: ElementTables
        let timeZone: String?

        init(connection: PostgresConnection, url: PostGISStoreURL, timeZone: String?) {
            self.connection = connection
            self.url = url
            places = PlacesTable(schema: url.schema)
            addresses = AddressTables(schema: url.schema)
            elements = ElementTables(schema: url.schema)
            self.timeZone = timeZone
        }

        /// A place as the store holds it: with the dataset's zone when it names none (`PlacesDataset.withDefaultTimeZone`).
        func zoned(_ place: Place) -> Place {
            var place = place
            if place.timeZone == nil { place.timeZone = timeZone }
            return place
        }

        @discardableResult
        private func run(_ query: PostgresQuery) async throws -> PostgresRowSequence {
            try await connection.query(query, logger: PostGISUpdate.logger)
        }

        private func copy(_ name: String, columns: [String], _ text: String) async throws {
            guard !text.isEmpty else { return }
            try await connection.copyFrom(table: name, columns: columns, logger: PostGISUpdate.logger) { writer in
                try await writer.write(ByteBuffer(string: text))
            }
        }

        private func table(_ kind: OSMElement.Kind) -> String {
            switch kind {
            case .node: elements.nodes
            case .way: elements.ways
            case .relation: elements.relations
            }
        }

        func apply(_ changed: [OSMElement]) async throws -> [OSMElement] {
            // The versions held, then the changes in order as the GeoPackage applies them one by one.
            // One statement: each round trip costs more than a Monaco-sized change's rows.
            var held: [PlaceID: Int64] = [:]
            let versions: PostgresQuery = """
                SELECT 'n', id, version FROM \(unescaped: elements.nodes) WHERE id = ANY(\(Self.ids(of: .node, in: changed)))
                UNION ALL SELECT 'w', id, version FROM \(unescaped: elements.ways) WHERE id = ANY(\(Self.ids(of: .way, in: changed)))
                UNION ALL SELECT 'r', id, version FROM \(unescaped: elements.relations)
                  WHERE id = ANY(\(Self.ids(of: .relation, in: changed)))
                """
            for try await row in try await run(versions) {
                let (kind, id, version) = try row.decode((String, Int64, Int64).self)
                held["\(kind)\(id)"] = version
            }
            var applied: [OSMElement] = []
            var last: [PlaceID: OSMElement] = [:]
            for element in changed {
                if let version = held[element.placeID], version > element.version { continue }
                held[element.placeID] = element.visible ? element.version : nil
                applied.append(element)
                last[element.placeID] = element
            }
            let final = last.values.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) }
            let (nodes, ways, relations) = (
                Self.ids(of: .node, in: final), Self.ids(of: .way, in: final), Self.ids(of: .relation, in: final)
            )
            try await run(
                """
                WITH n AS (DELETE FROM \(unescaped: elements.nodes) WHERE id = ANY(\(nodes))),
                     w AS (DELETE FROM \(unescaped: elements.ways) WHERE id = ANY(\(ways))),
                     wn AS (DELETE FROM \(unescaped: elements.wayNodes) WHERE way = ANY(\(ways))),
                     r AS (DELETE FROM \(unescaped: elements.relations) WHERE id = ANY(\(relations))),
                     rm AS (DELETE FROM \(unescaped: elements.members) WHERE relation = ANY(\(relations)))
                SELECT
                """)
            var lines: [String: String] = [:]
            for element in final where element.visible {
                for (name, fields) in ElementTables.rows(element) { PlacesTable.copyFields(fields, into: &lines[name, default: ""]) }
            }
            for (name, text) in lines { try await copy(name, columns: ElementTables.copyColumns(name), text) }
            return applied
        }

        /// The ids of the elements of `kind`, each once.
        private static func ids(of kind: OSMElement.Kind, in elements: [OSMElement]) -> [Int64] {
            Array(Set(elements.lazy.filter { $0.kind == kind }.map(\.id)))
        }

        func ways(using nodes: Set<Int64>) async throws -> Set<Int64> {
            guard !nodes.isEmpty else { return [] }
            var ways = Set<Int64>()
            for try await row in try await run("SELECT DISTINCT way FROM \(unescaped: elements.wayNodes) WHERE node = ANY(\(Array(nodes)))")
            {
                ways.insert(try row.decode(Int64.self))
            }
            return ways
        }

        func relations(holding members: Set<PlaceID>) async throws -> Set<Int64> {
            guard !members.isEmpty else { return [] }
            var relations = Set<Int64>()
            let query: PostgresQuery = "SELECT DISTINCT relation FROM \(unescaped: elements.members) WHERE member = ANY(\(Array(members)))"
            for try await row in try await run(query) { relations.insert(try row.decode(Int64.self)) }
            return relations
        }

        func elements(_ kind: OSMElement.Kind, _ ids: Set<Int64>) async throws -> [OSMElement] {
            guard !ids.isEmpty else { return [] }
            var found: [OSMElement] = []
            let list = Array(ids)
            if kind == .node {
                let query: PostgresQuery =
                    "SELECT id, version, x, y, coalesce(tags, '') FROM \(unescaped: elements.nodes) WHERE id = ANY(\(list)) ORDER BY id"
                for try await row in try await run(query) {
                    let (id, version, x, y, tags) = try row.decode((Int64, Int64, Int64, Int64, String).self)
                    found.append(OSMElement(kind: .node, id: id, version: version, x: x, y: y, tags: tags))
                }
            } else {
                let references = kind == .way ? "nodes" : "members"
                let query: PostgresQuery =
                    "SELECT id, version, tags, \(unescaped: references) FROM \(unescaped: table(kind)) WHERE id = ANY(\(list)) ORDER BY id"
                for try await row in try await run(query) {
                    let (id, version, tags, references) = try row.decode((Int64, Int64, String, String).self)
                    found.append(OSMElement(kind: kind, id: id, version: version, tags: tags, references: references))
                }
            }
            return found
        }

        func places(_ ids: Set<PlaceID>) async throws -> [Place] {
            guard !ids.isEmpty else { return [] }
            var found: [Place] = []
            let query: PostgresQuery =
                "SELECT \(unescaped: PlacesTable.selectColumns) FROM \(unescaped: places.places) WHERE id = ANY(\(Array(ids)))"
            for try await row in try await run(query) { found.append(try PlacesTable.place(from: row, store: url)) }
            return found
        }

        /// The GiST index is on geography, whose box edges are great circles:
        /// each box's latitudes are widened for the index (by more than a
        /// parallel strays from the great circle between its ends), and the
        /// box itself is tested on the plain columns. A box around the world is
        /// asked in quarters.
        func places(in boxes: [BoundingBox], neighbourly: Bool, excluding: Set<PlaceID>) async throws -> [Place] {
            var (x0, y0, x1, y1) = ([Double](), [Double](), [Double](), [Double]())
            for box in boxes {
                let spans =
                    box.maxLongitude - box.minLongitude > 180
                    ? [(-180.0, -90.0), (-90, 0), (0, 90), (90, 180)] : [(box.minLongitude, box.maxLongitude)]
                for (west, east) in spans {
                    x0.append(west)
                    x1.append(east)
                    y0.append(box.minLatitude)
                    y1.append(box.maxLatitude)
                }
            }
            guard !x0.isEmpty else { return [] }
            let margin = "(0.001 + 0.002 * (b.x1 - b.x0) ^ 2)"
            // Through the index of such places alone (`PlacesTable.createIndexes`), for their boxes cover most of the data.
            let onlyNeighbourly = neighbourly ? " AND " + PlacesTable.takesFromNeighbours("q.") : ""
            let query: PostgresQuery = """
                SELECT DISTINCT ON (q.id) \(unescaped: PlacesTable.addressColumns)
                FROM unnest(\(x0)::float8[], \(y0)::float8[], \(x1)::float8[], \(y1)::float8[]) AS b(x0, y0, x1, y1)
                JOIN \(unescaped: places.places) q
                  ON q.geog && ST_MakeEnvelope(b.x0, greatest(-90, b.y0 - \(unescaped: margin)), b.x1,
                                               least(90, b.y1 + \(unescaped: margin)), 4326)::geography
                 AND q.longitude BETWEEN b.x0 AND b.x1 AND q.latitude BETWEEN b.y0 AND b.y1\(unescaped: onlyNeighbourly)
                """
            var found: [Place] = []
            for try await row in try await run(query) {
                let place = try PlacesTable.place(from: row, store: url)
                if !excluding.contains(place.id) { found.append(place) }
            }
            return found
        }

        func areaPlaces(_ ids: Set<PlaceID>) async throws -> [AreaPlace] {
            try await areas("id = ANY($1) OR folded_into = ANY($1)", Array(ids))
        }

        func areaPlaces(named names: Set<String>) async throws -> [AreaPlace] {
            try await areas("name = ANY($1)", Array(names))
        }

        private func areas(_ condition: String, _ values: [String]) async throws -> [AreaPlace] {
            guard !values.isEmpty else { return [] }
            var bindings = PostgresBindings()
            bindings.append(values)
            let query = PostgresQuery(
                unsafeSQL: """
                    SELECT id, name, category, min_x, min_y, max_x, max_y, folded_into FROM \(elements.areaPlaces)
                    WHERE \(condition) ORDER BY id
                    """, binds: bindings)
            var found: [AreaPlace] = []
            for try await row in try await run(query) {
                let (id, name, category, minX, minY, maxX, maxY, foldedInto) = try row.decode(
                    (String, String, String, Double, Double, Double, Double, String?).self)
                guard let category = PlaceCategory(rawValue: category) else { continue }
                let box = BoundingBox(minLongitude: minX, minLatitude: minY, maxLongitude: maxX, maxLatitude: maxY)
                found.append(AreaPlace(id: id, name: name, category: category, box: box, foldedInto: foldedInto))
            }
            return found
        }

        func addressSources(_ ids: Set<PlaceID>) async throws -> AddressSources {
            guard !ids.isEmpty else { return AddressSources() }
            var bindings = PostgresBindings()
            bindings.append(Array(ids))
            return try await sources(PostgresQuery(unsafeSQL: addresses.whole(Array(repeating: "id = ANY($1)", count: 4)), binds: bindings))
        }

        func addressSources(around box: BoundingBox) async throws -> AddressSources {
            func overlapping(_ box: BoundingBox) -> String {
                "geom && ST_MakeEnvelope(\(box.minLongitude), \(box.minLatitude), \(box.maxLongitude), \(box.maxLatitude), 4326)"
            }
            let near = overlapping(box.expanded(by: AddressIndex.neighbourReach))
            return try await sources(
                PostgresQuery(
                    unsafeSQL: addresses.whole([near, near, overlapping(box), overlapping(box.expanded(by: AddressIndex.reach))])))
        }

        private func sources(_ query: PostgresQuery) async throws -> AddressSources {
            var sources = AddressSources()
            for try await row in try await run(query) { try AddressTables.add(row, to: &sources, store: url) }
            return sources
        }

        func replacePlaces(removing old: [Place], with new: [Place]) async throws {
            var previous = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var removed = Set<PlaceID>()
            var lines = ""
            for place in new.map(zoned) {
                if let before = previous.removeValue(forKey: place.id) {
                    if before == place { continue }
                    removed.insert(place.id)
                }
                PlacesTable.copyLine(place, into: &lines)
            }
            removed.formUnion(previous.keys)
            if !removed.isEmpty { try await run("DELETE FROM \(unescaped: places.places) WHERE id = ANY(\(Array(removed)))") }
            try await copy(PlacesTable.placesName, columns: PlacesTable.copyColumns, lines)
        }

        func replaceAddressSources(removing ids: Set<PlaceID>, with sources: AddressSources) async throws {
            if !ids.isEmpty {
                let deletes = AddressTables.names.enumerated().map { number, name in
                    "d\(number) AS (DELETE FROM \(addresses.table(name)) WHERE id = ANY($1))"
                }
                var bindings = PostgresBindings()
                bindings.append(Array(ids))
                try await run(PostgresQuery(unsafeSQL: "WITH \(deletes.joined(separator: ", ")) SELECT", binds: bindings))
            }
            for name in AddressTables.names {
                var text = ""
                await AddressTables.copyLines(sources, table: name, batch: Int.max) { text += $0 }
                try await copy(name, columns: AddressTables.copyColumns(name), text)
            }
        }

        func replaceAreaPlaces(removing ids: Set<PlaceID>, with areas: [AreaPlace]) async throws {
            if !ids.isEmpty { try await run("DELETE FROM \(unescaped: elements.areaPlaces) WHERE id = ANY(\(Array(ids)))") }
            var text = ""
            for area in areas { ElementTables.copyLine(area, into: &text) }
            try await copy(ElementTables.names[5], columns: ElementTables.copyColumns(ElementTables.names[5]), text)
        }
    }
}
