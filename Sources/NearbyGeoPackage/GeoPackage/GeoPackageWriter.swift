import Foundation
import NearbyKit
import NearbySQLite

/// Writes a places dataset as a GeoPackage, atomically: the database is
/// built in a temporary file beside the target and renamed over it, so a
/// `nearby list` or a running server never opens a half-written store (one
/// that has the old file open keeps reading the old file).
public enum GeoPackageWriter {
    /// Why a GeoPackage goes to a file and never to a pipe.
    static let streamReason =
        "a GeoPackage is a database file, which a FIFO or a device cannot hold (write GeoJSON to a pipe: --format geojson)"

    /// - Parameters:
    ///   - extract: the OpenStreetMap extract the dataset was imported from, kept in the store for updates (`ExtractTable`).
    ///   - elements: reads the extract's elements into the store, for updates (`ElementTables`).
    ///   - progress: called with the number of places written so far, every 10,000 and at the end.
    public static func write(
        _ dataset: PlacesDataset, to url: URL, extract: URL? = nil, elements: ElementReader? = nil, importedAt: Date = Date(),
        inputs: Set<FileIdentity> = [], progress: ((Int) -> Void)? = nil
    ) throws(AtomicFile.WriteError) {
        try AtomicFile.build(url, inputs: inputs, streamReason: streamReason) { temporary in
            let database = try SQLiteDatabase(path: temporary.path, mode: .readWriteCreate)
            try fill(database, with: dataset, extract: extract, elements: elements, importedAt: importedAt, progress: progress)
        }
    }

    static func fill(
        _ database: SQLiteDatabase, with dataset: PlacesDataset, extract: URL? = nil, elements: ElementReader? = nil, importedAt: Date,
        progress: ((Int) -> Void)?
    ) throws {
        // A new temporary file that is discarded on any failure: no journal needed until it is done.
        try database.execute(
            """
            PRAGMA application_id = \(GeoPackageSchema.applicationID);
            PRAGMA user_version = \(GeoPackageSchema.userVersion);
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            """)
        try database.execute(GeoPackageSchema.core)
        try database.execute(GeoPackageSchema.tables)
        try database.execute(SearchIndex.schema)
        try database.execute(AddressTables.schema)
        if extract != nil { try database.execute(ExtractTable.schema) }
        let updatable = extract != nil && elements != nil
        if updatable { try database.execute(ElementTables.schema + AreaPlacesTable.schema + NeighbourlyPlacesTable.schema) }
        try database.transaction {
            // Read (osmium, and its lines taken apart) while the places are written.
            let reading = updatable ? extract.flatMap { elements?.reading($0) } : nil
            try insertPlaces(dataset.places, into: database, progress: progress)
            try AddressTables.insert(dataset.addressSources, into: database)
            if let extract { try ExtractTable.insert(extract, into: database) }
            if let reading {
                try ElementTables.Writer(database).insert(try reading.wait())
                try AreaPlacesTable.insert(dataset.areaPlaces, into: database)
            }
            let metadata = try database.prepare("INSERT INTO nearby_dataset (key, value) VALUES (?, ?)")
            for row in GeoPackageMetadata(dataset: dataset, importedAt: importedAt).rows {
                try metadata.run([.text(row.key), .text(row.value)])
            }
            try database.execute(GeoPackageSchema.extent)
        }
        try database.execute(GeoPackageSchema.indexes)
        try database.execute("PRAGMA journal_mode = DELETE;")
    }

    private static func insertPlaces(_ places: [Place], into database: SQLiteDatabase, progress: ((Int) -> Void)?) throws {
        let rows = try PlaceRows(database)
        for (offset, place) in places.enumerated() {
            try rows.insert(place, fid: Int64(offset + 1))
            if (offset + 1) % 10_000 == 0 { progress?(offset + 1) }
        }
        try rows.insertWords()
        progress?(places.count)
    }

    /// Writes places, with their boxes and search rows, and the search words
    /// they bring, once all are written; removes places with theirs.
    final class PlaceRows {
        private let insert, index, search, rewrite, reindex, remove, unindex, unsearch, dictionary, known: SQLiteStatement
        private let neighbourly: NeighbourlyPlacesTable.Rows?
        private var words = Set<String>()

        init(_ database: SQLiteDatabase) throws {
            let columns = ["fid", "geom"] + GeoPackageSchema.placeColumns
            insert = try database.prepare(
                "INSERT INTO places (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            index = try database.prepare("INSERT INTO rtree_places_geom VALUES (?, ?, ?, ?, ?)")
            search = try database.prepare("INSERT INTO places_search (rowid, names, kinds, cells) VALUES (?, ?, ?, ?)")
            // Not the id (the first column), which the fid was found by: setting it, even to itself, rewrites its index entry.
            let rewritten = GeoPackageSchema.placeColumns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
            rewrite = try database.prepare("UPDATE places SET geom = ?, \(rewritten) WHERE fid = ?")
            reindex = try database.prepare("UPDATE rtree_places_geom SET minx = ?, maxx = ?, miny = ?, maxy = ? WHERE id = ?")
            remove = try database.prepare("DELETE FROM places WHERE fid = ?")
            unindex = try database.prepare("DELETE FROM rtree_places_geom WHERE id = ?")
            // A contentless FTS5 table forgets a row given the values it was written with.
            unsearch = try database.prepare(
                "INSERT INTO places_search (places_search, rowid, names, kinds, cells) VALUES ('delete', ?, ?, ?, ?)")
            dictionary = try database.prepare("INSERT OR IGNORE INTO places_search_words (variant, word) VALUES (?, ?)")
            known = try database.prepare("SELECT 1 FROM places_search_words WHERE variant = ?1 AND word = ?1")
            neighbourly = try NeighbourlyPlacesTable.Rows(database)
        }

        func insert(_ place: Place, fid: Int64) throws {
            try insert.run([.integer(fid), .blob(GeoPackagePoint.encode(place.coordinate))] + row(place))
            let (x, y) = (place.coordinate.longitude, place.coordinate.latitude)
            try index.run([.integer(fid), .real(x), .real(x), .real(y), .real(y)])
            try neighbourly?.insert(place, fid: fid)
            let searched = SearchIndex.row(for: place)
            try search.run([.integer(fid), .text(searched.names), .text(searched.kinds), .text(searched.cells)])
            words.formUnion(searched.words)
        }

        /// Rewrites the place stored as `fid` (`before` as read from it): its
        /// box and search row only when they change.
        func update(_ before: Place, to place: Place, fid: Int64) throws {
            try rewrite.run([.blob(GeoPackagePoint.encode(place.coordinate))] + row(place).dropFirst() + [.integer(fid)])
            if before.coordinate != place.coordinate {
                let (x, y) = (place.coordinate.longitude, place.coordinate.latitude)
                try reindex.run([.real(x), .real(x), .real(y), .real(y), .integer(fid)])
            }
            try neighbourly?.update(before, to: place, fid: fid)
            let (old, new) = (SearchIndex.row(for: before), SearchIndex.row(for: place))
            guard old.names != new.names || old.kinds != new.kinds || old.cells != new.cells else { return }
            try unsearch.run([.integer(fid), .text(old.names), .text(old.kinds), .text(old.cells)])
            try search.run([.integer(fid), .text(new.names), .text(new.kinds), .text(new.cells)])
            words.formUnion(new.words)
        }

        /// Removes the place stored as `fid` (`place` as read from it). Its
        /// words stay in the dictionary, which only proposes candidates.
        func remove(_ place: Place, fid: Int64) throws {
            let searched = SearchIndex.row(for: place)
            try unsearch.run([.integer(fid), .text(searched.names), .text(searched.kinds), .text(searched.cells)])
            try unindex.run([.integer(fid)])
            try neighbourly?.remove(fid: fid)
            try remove.run([.integer(fid)])
        }

        func insertWords() throws {
            for word in words.sorted() {
                // A word is its own first variant: one the dictionary holds, it holds with all of them.
                try known.bind([.text(word)])
                defer { known.reset() }
                if try known.step() { continue }
                for variant in NameQuery.deletions(of: word) { try dictionary.run([.text(variant), .text(word)]) }
            }
            words = []
        }
    }

    /// The values of `GeoPackageSchema.placeColumns` for a place.
    static func row(_ place: Place) -> [SQLiteValue] {
        func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
        let tags = place.tags.isEmpty ? nil : JSONText.object(place.tags)
        let components = (place.address?.components).flatMap { $0.isEmpty ? nil : $0 }
        let address = components.map(AddressComponent.json)
        return [
            .text(place.id), .text(place.name), .text(place.category.rawValue),
            optional(place.otherCategories.isEmpty ? nil : place.otherCategories.map(\.rawValue).joined(separator: ",")),
            optional(place.address?.formatted), optional(place.openingHours), optional(place.phone), optional(place.website),
            optional(place.cuisine), optional(place.imageURL), optional(place.timeZone), optional(tags), optional(address),
        ]
    }
}
