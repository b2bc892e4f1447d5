import Foundation
import NearbyKit
import NearbyService
import NearbyUpdate
import PostgresNIO

/// nearby's two tables in a store's schema, and how a place is a row:
///
/// - `nearby_places`: one row a place, its coordinates as plain double
///   columns (what is read back: no WKB is ever decoded) and a
///   `geography(Point,4326)` generated from them for the GiST indexes;
/// - `nearby_dataset`: one row, what is said about the places (attribution,
///   licence, source, zone, import time, counts).
///
/// An import fills `nearby_places_new` and `nearby_dataset_new` and renames
/// both into place in one transaction (`PostGISImporter`).
struct PlacesTable: Sendable {
    /// Already checked to need no quoting (`PostGISStoreURL.isPlainIdentifier`).
    let schema: String

    static let placesName = "nearby_places"
    static let datasetName = "nearby_dataset"
    static let loadingSuffix = "_new"

    /// Quoted, so that a schema named like a keyword (`user`) still works.
    var quotedSchema: String { "\"\(schema)\"" }
    var places: String { "\(quotedSchema).\(Self.placesName)" }
    var dataset: String { "\(quotedSchema).\(Self.datasetName)" }
    /// The extract kept for updates (`ExtractTable`).
    var extract: String { "\(quotedSchema).\(ExtractTable.name)" }
    /// The change files updates in place applied to it since (`ExtractTable.changes`).
    var extractChanges: String { "\(quotedSchema).\(ExtractTable.changes)" }

    /// The columns a place is read from, in `place(from:)`'s order: the
    /// tags and the address's parts as their `jsonb` text, read in place
    /// (`JSONColumn`). Taking them apart in PostgreSQL (`jsonb_each_text`,
    /// `jsonb_array_elements`: six subqueries a row) cost it twice the
    /// rest of the row, and the arrays more to decode than the text to read.
    static let selectColumns = """
        id, name, category, other_categories, latitude, longitude, address, opening_hours, \
        phone, website, cuisine, image_url, time_zone, tags::text, address_components::text
        """

    /// `selectColumns` without what an address is not derived from: the
    /// tags and the other details left empty.
    static let addressColumns = """
        id, name, category, other_categories, latitude, longitude, address, \
        \(Array(repeating: "NULL::text", count: 7).joined(separator: ", ")), address_components::text
        """

    /// What a name search needs of every place in range (`NameQuery.match`,
    /// `PlaceQuery.admitsKinds`, the distance and the order): no address, and
    /// of the tags only the names, as two arrays in one order, so that no
    /// place's JSON is decoded before it is known to match.
    static let matchingColumns: String = {
        let keys = NameQuery.nameTagKeys.map { "'\($0)'" }.joined(separator: ", ")
        let names = "FROM jsonb_each_text(tags) WHERE key IN (\(keys)) OR starts_with(key, '\(NameQuery.nameTagPrefix)') ORDER BY key"
        return
            "id, name, category, other_categories, latitude, longitude, cuisine, ARRAY(SELECT key \(names)), ARRAY(SELECT value \(names))"
    }()

    /// The columns COPY writes, in `copyLine(_:)`'s order (`geog` is generated).
    static let copyColumns = [
        "id", "name", "category", "other_categories", "categories", "latitude", "longitude", "address",
        "opening_hours", "phone", "website", "cuisine", "image_url", "time_zone", "tags", "address_components",
    ]

    static func createPlaces(_ table: String, token: String) -> String {
        """
        CREATE TABLE \(table) (
            id text NOT NULL,
            name text NOT NULL,
            category text NOT NULL,
            other_categories text[] NOT NULL,
            -- The main category and the others: what `&&` filters on.
            categories text[] NOT NULL,
            latitude double precision NOT NULL,
            longitude double precision NOT NULL,
            geog geography(Point, 4326) GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED,
            address text, opening_hours text, phone text, website text, cuisine text, image_url text, time_zone text,
            tags jsonb NOT NULL,
            -- Google's parts of the address, each with the rule that found it (`AddressComponent`).
            address_components jsonb,
            CONSTRAINT nearby_places_key_\(token) PRIMARY KEY (id)
        )
        """
    }

    /// The indexes of a loaded table: one over every place, one over those
    /// whose address takes from its neighbours (`takesFromNeighbours`), and one per
    /// category, partial, as the in-memory store keeps a tree per category:
    /// a nearest-k walk for a rare category then never wades through the
    /// places of the others. Names carry the import's token, so that the
    /// old table's indexes go with it and no rename is needed.
    static func createIndexes(on table: String, token: String) -> [String] {
        [
            "CREATE INDEX nearby_places_geog_\(token) ON \(table) USING gist (geog)",
            "CREATE INDEX nearby_places_neighbourly_\(token) ON \(table) USING gist (geog) WHERE \(takesFromNeighbours(""))",
        ]
            + PlaceCategory.allCases.map { category in
                "CREATE INDEX nearby_places_\(category.rawValue)_\(token) ON \(table) USING gist (geog) "
                    + "WHERE \(literal(category)) = ANY (categories)"
            }
    }

    /// Whether a row's address takes its postcode or country from its
    /// nearest addressed neighbours, or lacks one (`IncrementalUpdate.takesFromNeighbours`):
    /// the few places an update looks for across wide areas, through an
    /// index of their own. `alias` qualifies the column (`q.`), or is empty.
    static func takesFromNeighbours(_ alias: String) -> String {
        let parts = "\(alias)address_components"
        return """
            (\(parts) IS NULL OR NOT \(parts) @> '[{"types": ["postal_code"]}]' OR NOT \(parts) @> '[{"types": ["country"]}]' \
            OR \(parts) @> '[{"source": "neighbours"}]')
            """
    }

    static func createDataset(_ table: String) -> String {
        """
        CREATE TABLE \(table) (
            attribution text NOT NULL,
            license text,
            time_zone text,
            source text,
            imported_at timestamptz NOT NULL,
            place_count bigint NOT NULL,
            category_counts jsonb NOT NULL,
            skipped_unknown_categories jsonb NOT NULL,
            -- `ReplicationState` as JSON; stores imported before it have no such column.
            replication jsonb
        )
        """
    }

    /// A category as an SQL string literal. Raw values are lower-case ASCII
    /// words (`post_office`), which need no escaping; the index predicates
    /// and the queries must spell them identically for the planner to match.
    static func literal(_ category: PlaceCategory) -> String { "'\(category.rawValue)'" }

    // MARK: Rows

    /// A place from a row of `selectColumns`.
    static func place(from row: PostgresRow, store: PostGISStoreURL) throws(NearbyAPIError) -> Place {
        typealias Columns = (
            String, String, String, [String], Double, Double, String?, String?, String?, String?, String?, String?, String?, String?,
            String?
        )
        let columns: Columns
        do {
            columns = try row.decode(Columns.self)
        } catch {
            throw StoreFailure.error(error, store: store)
        }
        let (id, name, category, others, latitude, longitude, formatted, hours, phone, website, cuisine, image, zone) =
            (
                columns.0, columns.1, columns.2, columns.3, columns.4, columns.5, columns.6, columns.7, columns.8, columns.9, columns.10,
                columns.11, columns.12
            )
        let checked = try checkedParts(id: id, category: category, others: others, latitude: latitude, longitude: longitude, store: store)
        var tags: [String: String] = [:]
        if let text = columns.13 {
            guard let object = JSONColumn.strings(text) else {
                throw unusable(id, "with tags that are not an object of strings", store: store)
            }
            tags = object
        }
        var address: PostalAddress?
        if let text = columns.14 {
            guard let components = JSONColumn.addressComponents(text) else {
                throw unusable(id, "with address components nearby cannot read", store: store)
            }
            address = PostalAddress(components: components, formatted: formatted)
        } else if let formatted {
            address = PostalAddress(components: [], formatted: formatted)
        }
        return Place(
            id: id, name: name, category: checked.category, otherCategories: checked.others, coordinate: checked.coordinate,
            address: address, openingHours: hours, phone: phone, website: website, cuisine: cuisine, imageURL: image,
            timeZone: zone, tags: tags)
    }

    /// A place from a row of `matchingColumns`: enough to match and rank it, not to show it.
    static func matchingPlace(from row: PostgresRow, store: PostGISStoreURL) throws(NearbyAPIError) -> Place {
        let columns: (String, String, String, [String], Double, Double, String?, [String], [String])
        do {
            columns = try row.decode((String, String, String, [String], Double, Double, String?, [String], [String]).self)
        } catch {
            throw StoreFailure.error(error, store: store)
        }
        let (id, name, category, others, latitude, longitude, cuisine, nameKeys, names) = columns
        let checked = try checkedParts(id: id, category: category, others: others, latitude: latitude, longitude: longitude, store: store)
        return Place(
            id: id, name: name, category: checked.category, otherCategories: checked.others, coordinate: checked.coordinate,
            cuisine: cuisine, tags: Dictionary(zip(nameKeys, names), uniquingKeysWith: { first, _ in first }))
    }

    /// A row's categories and position, which a table from another nearby (or another program) could hold wrong.
    private static func checkedParts(
        id: String, category: String, others: [String], latitude: Double, longitude: Double, store: PostGISStoreURL
    ) throws(NearbyAPIError) -> (category: PlaceCategory, others: [PlaceCategory], coordinate: Coordinate) {
        func known(_ raw: String) throws(NearbyAPIError) -> PlaceCategory {
            guard let value = PlaceCategory(rawValue: raw) else {
                throw unusable(id, "in an unknown category \"\(TerminalSafeText.escaped(raw, limit: 40))\"", store: store)
            }
            return value
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw unusable(id, "at an impossible position", store: store)
        }
        var otherCategories: [PlaceCategory] = []
        for raw in others { otherCategories.append(try known(raw)) }
        return (try known(category), otherCategories, coordinate)
    }

    private static func unusable(_ id: String, _ reason: String, store: PostGISStoreURL) -> NearbyAPIError {
        .storeUnavailable(
            url: store.description,
            reason: "holds place \(TerminalSafeText.escaped(id, limit: 40)) \(reason); import the data again with this nearby")
    }

    /// One line of COPY's text format for a place.
    static func copyLine(_ place: Place, into out: inout String) {
        // Raw values are plain words: an array literal needs no quoting.
        func array(_ categories: [PlaceCategory]) -> String { "{" + categories.map(\.rawValue).joined(separator: ",") + "}" }
        let tags = JSONText.object(place.tags)
        let components = (place.address?.components).flatMap { $0.isEmpty ? nil : $0 }
        let parts = components.map(AddressComponent.json)
        copyFields(
            [
                place.id, place.name, place.category.rawValue, array(place.otherCategories), array(place.categories),
                // Swift prints the shortest text that reads back as the same double; so does PostgreSQL.
                "\(place.coordinate.latitude)", "\(place.coordinate.longitude)",
                place.address?.formatted, place.openingHours, place.phone, place.website, place.cuisine, place.imageURL, place.timeZone,
                tags, parts,
            ], into: &out)
    }

    /// One line of COPY's text format: the fields escaped, tab-separated, NULL as `\N`.
    static func copyFields(_ values: [String?], into out: inout String) {
        func field(_ text: String?) {
            guard let text else {
                out += "\\N"
                return
            }
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                // PostgreSQL text cannot hold NUL; OpenStreetMap has none either.
                case "\0": break
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        for (index, value) in values.enumerated() {
            if index > 0 { out += "\t" }
            field(value)
        }
        out += "\n"
    }
}
