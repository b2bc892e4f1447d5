import Foundation
import NearbyKit
import NearbySQLite
import NearbyUpdate

/// Brings a GeoPackage forward by change files where it lies, in one
/// SQLite transaction (`IncrementalUpdate` over the store's tables): a
/// reader sees the store before or after, a failure or a `kill -9` leaves it
/// as it was (SQLite's rollback journal), and only what the changes reach
/// is written. The change files are kept beside the extract the store was
/// imported from (`ExtractTable`), which they bring forward when it is read.
public enum GeoPackageUpdate {
    /// Whether the store keeps what an update in place needs: a store
    /// imported by a nearby from before it, updated once by re-import, does
    /// from then on.
    public static func isPossible(in store: URL) -> Bool {
        guard let database = try? SQLiteDatabase(path: store.path, mode: .readOnly) else { return false }
        return (try? database.hasTables(ElementTables.nodes, AreaPlacesTable.name, ExtractTable.table)) == true
    }

    /// Applies `changes` (checked already: their sequence, their size) and
    /// records `replication`; the places the update removed and wrote, and
    /// how many the store holds after it.
    public static func run(
        _ changes: [URL], to store: URL, osmium: URL, replication: ReplicationState?, importedAt: Date = Date(), scratch: URL
    ) async throws -> (outcome: IncrementalUpdate.Outcome, placeCount: Int) {
        let database = try SQLiteDatabase(path: store.path, mode: .readWrite)
        // The ids an update looks up go as one JSON array each: past 1 MiB from some 80,000 changed objects on.
        // 256 MiB holds those of `OSMUpdate.defaultMaximumChanges` many times over, and bounds what is read still.
        database.allowValues(upTo: 256 << 20)
        try database.execute("BEGIN IMMEDIATE")
        do {
            // The R*Tree triggers call functions only an editing application
            // provides; nearby keeps the boxes itself, and puts them back.
            for trigger in GeoPackageSchema.triggers { try database.execute("DROP TRIGGER IF EXISTS \(trigger)") }
            let tables = try Tables(database)
            // Its commit waits for the reads under way to end (a server reading a million places takes seconds).
            database.waitWhenLocked(milliseconds: 120_000)
            let outcome = try await IncrementalUpdate(osmium: osmium).run(changes, on: tables, scratch: scratch)
            try tables.rows.insertWords()
            try ExtractTable.keep(changes, in: database)
            try ExtractTable.foldChanges(in: database, store: store, scratch: scratch)
            var metadata = tables.connection.metadata
            metadata.placeCount += outcome.after.count - outcome.before.count
            for place in outcome.before { for category in place.categories { metadata.categoryCounts[category.rawValue, default: 0] -= 1 } }
            for place in outcome.after { for category in place.categories { metadata.categoryCounts[category.rawValue, default: 0] += 1 } }
            metadata.categoryCounts = metadata.categoryCounts.filter { $0.value > 0 }
            metadata.center = try center(database)
            metadata.replication = replication
            metadata.importedAt = importedAt
            let revision = UUID().uuidString
            try ChangesTable.record(
                revision, after: metadata.revision ?? "", places: Set((outcome.before + outcome.after).map(\.id)),
                sources: outcome.sourceIDs, in: database)
            metadata.revision = revision
            try database.execute("DELETE FROM nearby_dataset")
            let row = try database.prepare("INSERT INTO nearby_dataset (key, value) VALUES (?, ?)")
            for (key, value) in metadata.rows { try row.run([.text(key), .text(value)]) }
            try database.execute(GeoPackageSchema.extent + GeoPackageSchema.indexes)
            try database.execute("COMMIT")
            return (outcome, metadata.placeCount)
        } catch {
            try? database.execute("ROLLBACK")
            if let error = error as? SQLiteError, error.isWriteFailure {
                throw UpdateWriteFailure(store: store.path, reason: error.message)
            }
            throw error
        }
    }

    /// `PlacesDataset.center`: the median latitude and longitude.
    private static func center(_ database: SQLiteDatabase) throws -> Coordinate? {
        let all = try database.prepare("SELECT geom FROM places")
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        while try all.step() {
            let coordinate = try all.withBlob(0) { bytes throws(GeoPackageFormatError) in try GeoPackagePoint.decode(bytes) }
            latitudes.append(coordinate.latitude)
            longitudes.append(coordinate.longitude)
        }
        guard !latitudes.isEmpty else { return nil }
        latitudes.sort()
        longitudes.sort()
        return try? Coordinate(latitude: latitudes[latitudes.count / 2], longitude: longitudes[longitudes.count / 2])
    }

    /// The store's tables as `IncrementalUpdate` reads and writes them.
    private final class Tables: UpdateTables {
        let connection: GeoPackageConnection
        let rows: GeoPackageWriter.PlaceRows
        private let database: SQLiteDatabase
        private let elements: ElementTables.Writer
        private let reader: ElementTables.Reader
        private let fid, boxed, neighbourlyBoxed: SQLiteStatement
        /// Where `boxed` and `neighbourlyBoxed` give a place's id.
        private let idColumn = Int32((["fid", "geom"] + GeoPackageSchema.placeColumns).firstIndex(of: "id")!)
        private var nextFID: Int64

        init(_ database: SQLiteDatabase) throws {
            self.database = database
            connection = try GeoPackageConnection(database)
            rows = try GeoPackageWriter.PlaceRows(database)
            elements = try ElementTables.Writer(database)
            reader = ElementTables.Reader(database)
            fid = try database.prepare("SELECT fid FROM places WHERE id = ?")
            let boxed = """
                FROM rtree_places_geom r JOIN places p ON p.fid = r.id
                WHERE r.minx <= ?2 AND r.maxx >= ?1 AND r.miny <= ?4 AND r.maxy >= ?3
                """
            self.boxed = try database.prepare("SELECT \(connection.joinedAddressColumns) " + boxed)
            // A store written before the table of such places reads them through
            // every place's; the stored parts (`AddressComponent.json`) name their
            // types and rule in quotes, which a name's text cannot hold unescaped.
            neighbourlyBoxed = try database.prepare(
                try database.hasTables(NeighbourlyPlacesTable.name)
                    ? """
                    SELECT \(connection.joinedAddressColumns) FROM \(NeighbourlyPlacesTable.name) r JOIN places p ON p.fid = r.id
                    WHERE r.minx <= ?2 AND r.maxx >= ?1 AND r.miny <= ?4 AND r.maxy >= ?3
                    """
                    : "SELECT \(connection.joinedAddressColumns) " + boxed
                        + """
                         AND (p.address_components IS NULL OR p.address_components NOT LIKE '%"postal_code"%'
                          OR p.address_components NOT LIKE '%"country"%' OR p.address_components LIKE '%"source":"neighbours"%')
                        """)
            let last = try database.scalar(
                "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'places'), 0), coalesce(max(fid), 0)) FROM places")
            nextFID = if case .integer(let value)? = last { value + 1 } else { 1 }
        }

        private var addresses: AddressTablesReader {
            get throws {
                guard let addresses = connection.addresses else { throw GeoPackageFormatError.notNearby("it has no address tables") }
                return addresses
            }
        }

        func apply(_ elements: [OSMElement]) throws -> [OSMElement] { try elements.filter { try self.elements.apply($0) } }
        func ways(using nodes: Set<Int64>) throws -> Set<Int64> { try reader.ways(using: nodes) }
        func relations(holding members: Set<PlaceID>) throws -> Set<Int64> { try reader.relations(holding: members) }
        func elements(_ kind: OSMElement.Kind, _ ids: Set<Int64>) throws -> [OSMElement] { try reader.elements(kind, ids) }
        func places(_ ids: Set<PlaceID>) throws -> [Place] { try connection.places(ids) }
        func places(in boxes: [BoundingBox], neighbourly: Bool, excluding: Set<PlaceID>) throws -> [Place] {
            let query = neighbourly ? neighbourlyBoxed : boxed
            var places: [Place] = []
            var seen = Set<PlaceID>()
            for box in boxes {
                try query.bind([.real(box.minLongitude), .real(box.maxLongitude), .real(box.minLatitude), .real(box.maxLatitude)])
                defer { query.reset() }
                while try query.step() {
                    // Most rows in a change's boxes are the changed places themselves: left before they are read.
                    if let id = query.text(idColumn), excluding.contains(id) { continue }
                    let place = try connection.place(from: query, defaultZone: nil)
                    // The R*Tree's float32 boxes are rounded outwards: the place itself decides.
                    if box.contains(LonLat(place.coordinate.longitude, place.coordinate.latitude)), seen.insert(place.id).inserted {
                        places.append(place)
                    }
                }
            }
            return places
        }
        func areaPlaces(_ ids: Set<PlaceID>) throws -> [AreaPlace] { try AreaPlacesTable.areas(ids, in: database) }
        func areaPlaces(named names: Set<String>) throws -> [AreaPlace] { try AreaPlacesTable.areas(named: names, in: database) }
        func addressSources(_ ids: Set<PlaceID>) throws -> AddressSources { try addresses.sources(ids) }
        func addressSources(around box: BoundingBox) throws -> AddressSources { try addresses.around(box) }

        /// A place written again keeps its row, rewritten only where it
        /// changed. Rows are written in the order of their fids: FTS5 writes
        /// out the search rows it holds whenever one comes below the last
        /// (a busy minute's 30,000 rewritten in another order took 1.6 s more).
        func replacePlaces(removing old: [Place], with places: [Place]) throws {
            var previous = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var rewritten: [(fid: Int64, before: Place, after: Place?)] = []
            var added: [Place] = []
            for place in places {
                if let before = previous.removeValue(forKey: place.id), let fid = try fid(of: before.id) {
                    if before != place { rewritten.append((fid, before, place)) }
                } else {
                    added.append(place)
                }
            }
            for place in previous.values {
                if let fid = try fid(of: place.id) { rewritten.append((fid, place, nil)) }
            }
            for (fid, before, after) in rewritten.sorted(by: { $0.fid < $1.fid }) {
                if let after { try rows.update(before, to: after, fid: fid) } else { try rows.remove(before, fid: fid) }
            }
            for place in added {
                try rows.insert(place, fid: nextFID)
                nextFID += 1
            }
        }

        private func fid(of id: PlaceID) throws -> Int64? {
            try fid.bind([.text(id)])
            defer { fid.reset() }
            return try fid.step() ? fid.int64(0) : nil
        }

        func replaceAddressSources(removing ids: Set<PlaceID>, with sources: AddressSources) throws {
            try AddressTables.remove(ids, from: database)
            try AddressTables.insert(sources, into: database)
        }

        func replaceAreaPlaces(removing ids: Set<PlaceID>, with areas: [AreaPlace]) throws {
            try database.prepare("DELETE FROM \(AreaPlacesTable.name) WHERE id IN (SELECT value FROM json_each(?))")
                .run([.text(JSONText.array(ids))])
            try AreaPlacesTable.insert(areas, into: database)
        }
    }
}
