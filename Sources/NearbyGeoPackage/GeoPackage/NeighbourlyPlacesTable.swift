import NearbyKit
import NearbySQLite
import NearbyUpdate

/// The places whose postcode or country their nearest addressed neighbours
/// give, or that lack one (`IncrementalUpdate.takesFromNeighbours`), by
/// position: an update reads those within a kilometre of a changed address,
/// whose boxes cover most of the data in a busy minute (reading them through
/// every place's R*Tree took 1.9 s of its 12). Kept by `PlaceRows`, in a
/// store an update can change where it lies.
enum NeighbourlyPlacesTable {
    static let name = "nearby_neighbourly_places"

    static let schema = "CREATE VIRTUAL TABLE nearby_neighbourly_places USING rtree(id, minx, maxx, miny, maxy);"

    /// Its rows' statements, nil for a store without it.
    struct Rows {
        private let insert, remove: SQLiteStatement

        init?(_ database: SQLiteDatabase) throws {
            guard try database.hasTables(NeighbourlyPlacesTable.name) else { return nil }
            insert = try database.prepare("INSERT INTO nearby_neighbourly_places VALUES (?, ?, ?, ?, ?)")
            remove = try database.prepare("DELETE FROM nearby_neighbourly_places WHERE id = ?")
        }

        func insert(_ place: Place, fid: Int64) throws {
            guard IncrementalUpdate.takesFromNeighbours(place.address) else { return }
            let (x, y) = (place.coordinate.longitude, place.coordinate.latitude)
            try insert.run([.integer(fid), .real(x), .real(x), .real(y), .real(y)])
        }

        func update(_ before: Place, to place: Place, fid: Int64) throws {
            let (was, now) = (IncrementalUpdate.takesFromNeighbours(before.address), IncrementalUpdate.takesFromNeighbours(place.address))
            guard was != now || (now && before.coordinate != place.coordinate) else { return }
            if was { try remove.run([.integer(fid)]) }
            try insert(place, fid: fid)
        }

        func remove(fid: Int64) throws { try remove.run([.integer(fid)]) }
    }
}
