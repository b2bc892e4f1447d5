import Foundation
import Logging
import NearbyKit
import NearbyService
import NearbyUpdate
import PostgresNIO

extension PostGISUpdate {
    /// The store's tables as `IncrementalUpdate` reads and writes them, each
    /// question one statement.
    final class Tables: UpdateTables {
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
            // A store imported before forward geocoding had a word index is updated as it is: its questions
            // in words read the tables whole (PostGISPlaceService.geocode).
            var indexed = false
            for try await row in try await run("SELECT to_regclass(\(addresses.vocabulary)) IS NOT NULL") {
                indexed = try row.decode(Bool.self)
            }
            for name in AddressTables.names {
                var text = ""
                await AddressTables.copyLines(sources, table: name, batch: Int.max, withWords: indexed) { text += $0 }
                try await copy(name, columns: AddressTables.copyColumns(name, withWords: indexed), text)
            }
            // A word no source holds any more stays: it finds nothing.
            let vocabulary = AddressTables.vocabulary(of: sources)
            if indexed, !vocabulary.isEmpty {
                try await run(
                    """
                    INSERT INTO \(unescaped: addresses.vocabulary) (variant, word)
                    SELECT * FROM unnest(\(vocabulary.map(\.variant))::text[], \(vocabulary.map(\.word))::text[]) ON CONFLICT DO NOTHING
                    """)
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
