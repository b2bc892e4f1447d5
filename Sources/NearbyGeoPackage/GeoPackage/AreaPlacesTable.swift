import NearbyKit
import NearbySQLite

/// The places mapped as areas (`AreaPlace`), folded into a node or not, by
/// name and main category: where an update looks for the areas a changed
/// node may fold into, and the nodes a changed area may.
enum AreaPlacesTable {
    static let name = "nearby_area_places"

    static let schema = """
        CREATE TABLE nearby_area_places (
          id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, category TEXT NOT NULL,
          min_x REAL NOT NULL, min_y REAL NOT NULL, max_x REAL NOT NULL, max_y REAL NOT NULL, folded_into TEXT);
        CREATE INDEX nearby_area_places_key ON nearby_area_places (name, category);
        CREATE INDEX nearby_area_places_folded ON nearby_area_places (folded_into) WHERE folded_into IS NOT NULL;
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_area_places', 'attributes', 'nearby_area_places',
                  'The places mapped as areas, and the node each is folded into, for updates');
        """

    static func insert(_ areas: [AreaPlace], into database: SQLiteDatabase) throws {
        let insert = try database.prepare("INSERT OR REPLACE INTO nearby_area_places VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        for area in areas {
            try insert.run([
                .text(area.id), .text(area.name), .text(area.category.rawValue), .real(area.box.minLongitude),
                .real(area.box.minLatitude), .real(area.box.maxLongitude), .real(area.box.maxLatitude),
                area.foldedInto.map(SQLiteValue.text) ?? .null,
            ])
        }
    }

    /// The areas with these names.
    static func areas(named names: some Collection<String>, in database: SQLiteDatabase) throws -> [AreaPlace] {
        try read(database, "WHERE name IN (SELECT value FROM json_each(?1))", [.text(JSONText.array(names))])
    }

    /// The areas with these ids, and those folded into these ids.
    static func areas(_ ids: some Collection<PlaceID>, in database: SQLiteDatabase) throws -> [AreaPlace] {
        let list = SQLiteValue.text(JSONText.array(ids.sorted()))
        return try read(
            database, "WHERE id IN (SELECT value FROM json_each(?1)) OR folded_into IN (SELECT value FROM json_each(?1))", [list])
    }

    private static func read(_ database: SQLiteDatabase, _ condition: String, _ values: [SQLiteValue]) throws -> [AreaPlace] {
        let query = try database.prepare(
            "SELECT id, name, category, min_x, min_y, max_x, max_y, folded_into FROM nearby_area_places \(condition) ORDER BY id")
        try query.bind(values)
        var areas: [AreaPlace] = []
        while try query.step() {
            guard let id = query.text(0), let name = query.text(1), let category = query.text(2).flatMap(PlaceCategory.init(rawValue:))
            else { continue }
            let box = BoundingBox(
                minLongitude: query.double(3), minLatitude: query.double(4), maxLongitude: query.double(5), maxLatitude: query.double(6))
            areas.append(AreaPlace(id: id, name: name, category: category, box: box, foldedInto: query.text(7)))
        }
        return areas
    }
}
