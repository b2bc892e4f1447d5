import Foundation
import NearbyKit
import NearbyService
import PostgresNIO

/// The four tables beside `nearby_places` that hold what reverse geocoding
/// needs (`AddressSources`), as the GeoPackage's address tables do: named
/// streets, addressed elements, areas, `place=*` nodes, each with a GiST
/// index on a `geometry(…, 4326)` column. They are loaded with the places
/// (`PostGISImporter`) and swapped in with them.
///
/// A question reads them in one statement (one snapshot), the candidates
/// chosen as the GeoPackage chooses them (boxes around the position), and
/// the areas tested for containment here, in SQL: a country's outline stays
/// in the database, and only its box comes back.
struct AddressTables: Sendable {
    let schema: String

    static let names = ["nearby_address_streets", "nearby_address_points", "nearby_address_areas", "nearby_address_places"]
    /// Every word of the four tables' `words` and its one-letter deletions
    /// (`GeocodeIndex.variants`): what a question's words, typos and typed
    /// starts are looked up in before the rows that hold them are read.
    static let vocabularyName = "nearby_address_words"
    /// What an import loads and swaps in.
    static let loadedNames = names + [vocabularyName]

    var quotedSchema: String { "\"\(schema)\"" }
    func table(_ name: String) -> String { "\(quotedSchema).\(name)" }

    /// Each table's columns, name and type, in COPY's order.
    static let columns: [String: [(name: String, type: String)]] = [
        "nearby_address_streets": [
            ("id", "text NOT NULL"), ("name", "text NOT NULL"), ("kind", "text NOT NULL"),
            ("geom", "geometry(MultiLineString, 4326) NOT NULL"), ("words", "text[] COLLATE \"C\" NOT NULL"),
        ],
        "nearby_address_points": [
            ("id", "text NOT NULL"), ("anchor_x", "float8 NOT NULL"), ("anchor_y", "float8 NOT NULL"), ("address", "jsonb NOT NULL"),
            ("geom", "geometry(Geometry, 4326) NOT NULL"), ("words", "text[] COLLATE \"C\" NOT NULL"),
        ],
        "nearby_address_areas": [
            ("id", "text NOT NULL"), ("kind", "text NOT NULL"), ("level", "integer"), ("name", "text NOT NULL"),
            ("names", "jsonb NOT NULL"),
            ("code", "text"), ("postcode", "text"), ("label_x", "float8 NOT NULL"), ("label_y", "float8 NOT NULL"),
            ("geom", "geometry(MultiPolygon, 4326) NOT NULL"), ("words", "text[] COLLATE \"C\" NOT NULL"),
        ],
        "nearby_address_places": [
            ("id", "text NOT NULL"), ("rank", "text NOT NULL"), ("name", "text NOT NULL"), ("names", "jsonb NOT NULL"),
            ("geom", "geometry(Point, 4326) NOT NULL"), ("words", "text[] COLLATE \"C\" NOT NULL"),
        ],
        "nearby_address_words": [("variant", "text COLLATE \"C\" NOT NULL"), ("word", "text COLLATE \"C\" NOT NULL")],
    ]

    /// A table's columns in COPY's order; `withWords` false for a store imported before the word index.
    static func copyColumns(_ name: String, withWords: Bool = true) -> [String] {
        columns[name]!.map(\.name).filter { withWords || $0 != "words" }
    }

    var vocabulary: String { table(Self.vocabularyName) }

    static func create(_ table: String, name: String, token: String) -> [String] {
        let create = "CREATE TABLE \(table) (\(columns[name]!.map { "\($0.name) \($0.type)" }.joined(separator: ", ")))"
        guard name != vocabularyName else {
            // Looked up by variant (a question's words and their deletions), and by word for a typed start.
            return [
                create, "CREATE UNIQUE INDEX \(name)_variant_\(token) ON \(table) (variant, word)",
                "CREATE INDEX \(name)_word_\(token) ON \(table) (word) WHERE variant = word",
            ]
        }
        return [
            create,
            "CREATE INDEX \(name)_geom_\(token) ON \(table) USING gist (geom)",
            "CREATE INDEX \(name)_words_\(token) ON \(table) USING gin (words)",
            "CREATE INDEX \(name)_id_\(token) ON \(table) (id)",
        ] + (name == names[1] ? ["CREATE INDEX \(name)_postcode_\(token) ON \(table) ((\(Self.postcodeKey("address->>'postcode'"))))"] : [])
    }

    /// A postcode as `Geocoder.normalised` writes it, in SQL: lower case, no white space.
    static func postcodeKey(_ expression: String) -> String {
        "lower(regexp_replace(\(expression), '\\s', '', 'g'))"
    }

    /// A `text[]` literal of the words, each quoted, for COPY.
    static func arrayLiteral(_ words: [String]) -> String {
        "{"
            + words.map { word in
                "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }.joined(separator: ",") + "}"
    }

    /// The vocabulary rows of these sources' words (`vocabularyName`).
    static func vocabulary(of sources: AddressSources) -> [(variant: String, word: String)] {
        var words = Set<String>()
        for street in sources.streets { words.formUnion(GeocodeIndex.words(of: GeocodeIndex.names(of: street))) }
        for point in sources.points { words.formUnion(GeocodeIndex.words(of: GeocodeIndex.names(of: point))) }
        for area in sources.areas { words.formUnion(GeocodeIndex.words(of: GeocodeIndex.names(of: area))) }
        for node in sources.placeNodes { words.formUnion(GeocodeIndex.words(of: GeocodeIndex.names(of: node))) }
        var seen = Set<String>()
        return GeocodeIndex.variants(of: words.sorted()).filter { seen.insert($0.variant + "\u{0}" + $0.word).inserted }
    }

    /// Each table's COPY lines, a batch at a time.
    static func copyLines(
        _ sources: AddressSources, table name: String, batch: Int, withWords: Bool = true, _ body: (String) async throws -> Void
    ) async rethrows {
        func json(_ object: [String: String]) -> String { JSONText.object(object) }
        func words(_ names: [String]) -> String { arrayLiteral(GeocodeIndex.words(of: names)) }
        let rows: [[String?]]
        switch name {
        case "nearby_address_streets":
            rows = sources.streets.map { [$0.id, $0.name, $0.kind.rawValue, ewkb(.lines($0.lines)), words(GeocodeIndex.names(of: $0))] }
        case "nearby_address_points":
            rows = sources.points.map { point in
                [
                    point.id, "\(point.position.longitude)", "\(point.position.latitude)", json(point.address),
                    ewkb(point.outline.isEmpty ? .point(point.position) : .polygons(point.outline)), words(GeocodeIndex.names(of: point)),
                ]
            }
        case "nearby_address_words":
            rows = vocabulary(of: sources).map { [$0.variant, $0.word] }
        case "nearby_address_areas":
            rows = sources.areas.map { area in
                let (kind, level): (String, String?) =
                    switch area.kind {
                    case .administrative(let level): ("administrative", "\(level)")
                    case .postalCode: ("postal_code", nil)
                    case .place(let rank): ("place=\(rank.rawValue)", nil)
                    }
                let label = area.label ?? WKB.Shape.polygons(area.polygons).box.centre
                return [
                    area.id, kind, level, area.name, json(area.names), area.code, area.postcode, "\(label.longitude)", "\(label.latitude)",
                    ewkb(.polygons(area.polygons)), words(GeocodeIndex.names(of: area)),
                ]
            }
        default:
            rows = sources.placeNodes.map {
                [$0.id, $0.rank.rawValue, $0.name, json($0.names), ewkb(.point($0.position)), words(GeocodeIndex.names(of: $0))]
            }
        }
        var text = ""
        for (index, row) in rows.enumerated() {
            PlacesTable.copyFields(withWords || name == vocabularyName ? row : Array(row.dropLast()), into: &text)
            if (index + 1) % batch == 0 {
                try await body(text)
                text = ""
            }
        }
        if !text.isEmpty { try await body(text) }
    }

    /// Hex EWKB with SRID 4326, which a `geometry(…, 4326)` column takes from COPY.
    static func ewkb(_ shape: WKB.Shape) -> String {
        var bytes: [UInt8] = []
        WKB.encode(shape, into: &bytes)
        // Byte order, then the type with the EWKB SRID flag, then the SRID.
        bytes[4] |= 0x20
        bytes.insert(contentsOf: [0xE6, 0x10, 0, 0], at: 5)
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// One statement for every table: what `AddressIndex` may use at the
    /// position (as `AddressTablesReader` reads a GeoPackage).
    func around(_ position: Coordinate) -> PostgresQuery {
        func boxes(_ reach: Double) -> String {
            CircleBounds(center: position, radius: reach).boxes.map {
                "geom && ST_MakeEnvelope(\($0.minLongitude), \($0.minLatitude), \($0.maxLongitude), \($0.maxLatitude), 4326)"
            }.joined(separator: " OR ")
        }
        let point = "ST_SetSRID(ST_MakePoint(\(position.longitude), \(position.latitude)), 4326)"
        let near = boxes(AddressIndex.neighbourReach)
        return PostgresQuery(
            unsafeSQL: union([near, near, "geom && \(point) AND ST_Covers(geom, \(point))", boxes(AddressIndex.reach)], wholeAreas: false))
    }

    /// One statement for every table, each row where its condition holds
    /// (streets, addressed elements, areas, `place=*` nodes), the areas whole:
    /// what an update reads (`PostGISUpdate`).
    func whole(_ conditions: [String]) -> String { union(conditions, wholeAreas: true) }

    /// The rows `add` reads; areas whole (`B`) or as their boxes (`b`);
    /// `ordered`, each table's in the order it was loaded (as a GeoPackage's
    /// rows come), which is the order the geocoder cuts candidates in.
    private func union(_ conditions: [String], wholeAreas: Bool, ordered: Bool = false) -> String {
        let (open, close) = ordered ? ("(", " ORDER BY ctid)") : ("", "")
        return """
            \(open)SELECT 's', id, name, ST_AsBinary(geom), kind, NULL, NULL, NULL, NULL::integer, NULL::float8, NULL::float8
              FROM \(table(Self.names[0])) WHERE \(conditions[0])\(close)
            UNION ALL
            \(open)SELECT 'a', id, NULL, ST_AsBinary(geom), address::text, NULL, NULL, NULL, NULL, anchor_x, anchor_y
              FROM \(table(Self.names[1])) WHERE \(conditions[1])\(close)
            UNION ALL
            \(open)SELECT \(wholeAreas ? "'B', id, name, ST_AsBinary(geom)" : "'b', id, name, ST_AsBinary(ST_Envelope(geom))"),
                   kind, names::text, code, postcode, level, label_x, label_y
              FROM \(table(Self.names[2])) WHERE \(conditions[2])\(close)
            UNION ALL
            \(open)SELECT 'p', id, name, ST_AsBinary(geom), rank, names::text, NULL, NULL, NULL, NULL, NULL
              FROM \(table(Self.names[3])) WHERE \(conditions[3])\(close)
            """
    }

    // MARK: Forward geocoding

    /// The vocabulary's rows for a question (`Geocoder.Lookup`): `v` for each
    /// variant asked, `s` for the first words (in UTF-8 order) a typed start begins.
    func vocabularyRows(_ lookup: Geocoder.Lookup) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(lookup.variants)
        var sql = "SELECT 'v', variant, word FROM \(vocabulary) WHERE variant = ANY($1)"
        if let start = lookup.typedStart {
            // Byte order ("C"), as GeocodeIndex orders its words; no word has a letter past U+10FFFF.
            binds.append(start)
            binds.append(start + "\u{10FFFF}")
            sql += """

                UNION ALL
                (SELECT 's', word, word FROM \(vocabulary) WHERE variant = word AND word >= $2 AND word < $3
                 ORDER BY word LIMIT \(Geocoder.typedStartLimit))
                """
        }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// The rows whose names the question's words find, as `GeocodeIndex`
    /// finds them (a superset: the geocoder tests each again): a street or
    /// an address point when every word of its name is one of `words` (or a
    /// stop word) or one begins with the typed start; an address point only
    /// for a question with a number; an area or a `place=*` node holding any
    /// of the words. With a postcode, its boundaries and the addresses that
    /// carry it too. Areas as their boxes: a candidate's own outline is not
    /// needed, only where its label is and how far it reaches.
    func candidateRows(words: Set<String>, _ lookup: Geocoder.Lookup) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(Array(words))
        binds.append(Array(words.union(Question.stopWords)))
        binds.append(lookup.typedStart)
        binds.append(lookup.postcode)
        let named = "words && $1::text[]"
        let typed = "(words <@ $2::text[] OR ($3::text IS NOT NULL AND EXISTS (SELECT 1 FROM unnest(words) w WHERE starts_with(w, $3))))"
        let point = lookup.houseNumber == nil ? "FALSE" : "\(named) AND \(typed)"
        let conditions = [
            "\(named) AND \(typed)",
            "(\(point)) OR ($4::text IS NOT NULL AND \(Self.postcodeKey("address->>'postcode'")) = $4)",
            "\(named) OR ($4::text IS NOT NULL AND kind = 'postal_code' AND \(Self.postcodeKey("coalesce(postcode, name)")) = $4)",
            named,
        ]
        return PostgresQuery(unsafeSQL: union(conditions, wholeAreas: false, ordered: true), binds: binds)
    }

    /// The street, addressed element, area (as its box) or `place=*` node with this id.
    func element(_ id: PlaceID) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(id)
        return PostgresQuery(unsafeSQL: union(Array(repeating: "id = $1", count: 4), wholeAreas: false), binds: binds)
    }

    /// What `AddressIndex` may use at any of the positions (as `around`
    /// reads for one): the streets, addressed elements and `place=*` nodes
    /// within reach of any, once each, and the areas that cover any, as
    /// their boxes. Which area covers which position is `coverings`'.
    func around(_ positions: [LonLat]) -> PostgresQuery {
        var binds = PostgresBindings()
        var (x0, y0, x1, y1, near) = ([Double](), [Double](), [Double](), [Double](), [Bool]())
        for position in positions {
            guard let centre = try? Coordinate(latitude: position.latitude, longitude: position.longitude) else { continue }
            for (reach, isNear) in [(AddressIndex.neighbourReach, true), (AddressIndex.reach, false)] {
                for box in CircleBounds(center: centre, radius: reach).boxes {
                    x0.append(box.minLongitude)
                    y0.append(box.minLatitude)
                    x1.append(box.maxLongitude)
                    y1.append(box.maxLatitude)
                    near.append(isNear)
                }
            }
        }
        for values in [x0, y0, x1, y1] { binds.append(values) }
        binds.append(near)
        binds.append(positions.map(\.longitude))
        binds.append(positions.map(\.latitude))
        let within = "ST_MakeEnvelope(b.x0, b.y0, b.x1, b.y1, 4326)"
        let boxes = "unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[], $5::bool[]) AS b(x0, y0, x1, y1, near)"
        let point = "ST_SetSRID(ST_MakePoint(p.x, p.y), 4326)"
        let sql = """
            (SELECT DISTINCT ON (t.id) 's', t.id, t.name, ST_AsBinary(t.geom), t.kind, NULL, NULL, NULL, NULL::integer,
                    NULL::float8, NULL::float8
               FROM \(boxes) JOIN \(table(Self.names[0])) t ON b.near AND t.geom && \(within) ORDER BY t.id)
            UNION ALL
            (SELECT DISTINCT ON (t.id) 'a', t.id, NULL, ST_AsBinary(t.geom), t.address::text, NULL, NULL, NULL, NULL,
                    t.anchor_x, t.anchor_y
               FROM \(boxes) JOIN \(table(Self.names[1])) t ON b.near AND t.geom && \(within) ORDER BY t.id)
            UNION ALL
            (SELECT DISTINCT ON (t.id) 'b', t.id, t.name, ST_AsBinary(ST_Envelope(t.geom)), t.kind, t.names::text, t.code,
                    t.postcode, t.level, t.label_x, t.label_y
               FROM unnest($6::float8[], $7::float8[]) AS p(x, y)
               JOIN \(table(Self.names[2])) t ON t.geom && \(point) AND ST_Covers(t.geom, \(point)) ORDER BY t.id)
            UNION ALL
            (SELECT DISTINCT ON (t.id) 'p', t.id, t.name, ST_AsBinary(t.geom), t.rank, t.names::text, NULL, NULL, NULL, NULL, NULL
               FROM \(boxes) JOIN \(table(Self.names[3])) t ON NOT b.near AND t.geom && \(within) ORDER BY t.id)
            """
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// Which of the positions (by index) each area covers: `id` and `covers int[]`.
    func coverings(_ positions: [LonLat]) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(positions.map(\.longitude))
        binds.append(positions.map(\.latitude))
        let point = "ST_SetSRID(ST_MakePoint(p.x, p.y), 4326)"
        return PostgresQuery(
            unsafeSQL: """
                SELECT t.id, array_agg(p.i - 1) FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(x, y, i)
                  JOIN \(table(Self.names[2])) t ON t.geom && \(point) AND ST_Covers(t.geom, \(point)) GROUP BY t.id
                """, binds: binds)
    }

    /// Adds a row of `around`'s statement to `sources`.
    static func add(_ row: PostgresRow, to sources: inout AddressSources, store: PostGISStoreURL) throws(NearbyAPIError) {
        let columns: (String, String, String?, ByteBuffer, String?, String?, String?, String?, Int?, Double?, Double?)
        do {
            columns = try row.decode((String, String, String?, ByteBuffer, String?, String?, String?, String?, Int?, Double?, Double?).self)
        } catch {
            throw StoreFailure.error(error, store: store)
        }
        let (kind, id, name, geometry, a, b, code, postcode, level, x, y) = columns
        func unusable(_ reason: String) -> NearbyAPIError {
            .storeUnavailable(
                url: store.description,
                reason: "holds address element \(TerminalSafeText.escaped(id, limit: 40)) \(reason); import the data again with this nearby"
            )
        }
        func strings(_ text: String?) throws(NearbyAPIError) -> [String: String] {
            guard let text else { return [:] }
            guard let object = JSONColumn.strings(text) else { throw unusable("with text that is not an object of strings") }
            return object
        }
        let decoded = Array(geometry.readableBytesView).withUnsafeBytes { bytes in
            Result { () throws(WKB.Invalid) in try WKB.decode(bytes) }
        }
        let shape: WKB.Shape
        switch decoded {
        case .success(let value): shape = value
        case .failure(let error): throw unusable("with a geometry nearby cannot read (\(error.reason))")
        }
        switch (kind, shape) {
        case ("s", .lines(let lines)):
            guard let kind = a.flatMap(NamedStreet.Kind.init(rawValue:)) else { throw unusable("of a street kind nearby does not know") }
            sources.streets.append(NamedStreet(id: id, name: name ?? "", kind: kind, lines: lines))
        case ("a", _):
            let outline: [Polygon]
            if case .polygons(let polygons) = shape { outline = polygons } else { outline = [] }
            sources.points.append(AddressPoint(id: id, position: LonLat(x ?? 0, y ?? 0), outline: outline, address: try strings(a)))
        case ("b", _), ("B", .polygons):
            let box = shape.box
            let rectangle: Polygon = [
                [
                    LonLat(box.minLongitude, box.minLatitude), LonLat(box.maxLongitude, box.minLatitude),
                    LonLat(box.maxLongitude, box.maxLatitude), LonLat(box.minLongitude, box.maxLatitude),
                ]
            ]
            var polygons = [rectangle]
            if case .polygons(let whole) = shape, kind == "B" { polygons = whole }
            let areaKind: AddressArea.Kind
            switch a ?? "" {
            case "administrative": areaKind = .administrative(level: level ?? 0)
            case "postal_code": areaKind = .postalCode
            case let other:
                guard other.hasPrefix("place="), let rank = PlaceRank(rawValue: String(other.dropFirst(6))) else {
                    throw unusable("of a kind nearby does not know")
                }
                areaKind = .place(rank)
            }
            // Asked of one position, the database has tested the containment;
            // the box stands in for the outline, so that the index's own test
            // holds and its size still ranks nested areas.
            sources.areas.append(
                AddressArea(
                    id: id, kind: areaKind, name: name ?? "", names: try strings(b), code: code, postcode: postcode,
                    label: LonLat(x ?? 0, y ?? 0), polygons: polygons))
        case ("p", .point(let position)):
            guard let rank = a.flatMap(PlaceRank.init(rawValue:)) else { throw unusable("of a rank nearby does not know") }
            sources.placeNodes.append(PlaceNode(id: id, rank: rank, name: name ?? "", names: try strings(b), position: position))
        default:
            throw unusable("with a geometry of the wrong type")
        }
    }
}
