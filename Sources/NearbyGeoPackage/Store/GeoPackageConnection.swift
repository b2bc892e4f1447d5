import Foundation
import NearbyKit

/// An open, read-only nearby GeoPackage and the statements its queries use.
/// Used under `GeoPackagePlaces`'s lock only.
final class GeoPackageConnection {
    let metadata: GeoPackageMetadata
    private let database: SQLiteDatabase
    private let candidates: SQLiteStatement
    private let byFID: SQLiteStatement
    private let byID: SQLiteStatement
    private let tagPairs: SQLiteStatement

    private static let columns = (["fid", "geom"] + GeoPackageSchema.placeColumns).joined(separator: ", ")

    init(path: String) throws {
        database = try SQLiteDatabase(path: path, mode: .readOnly)
        guard case .integer(let application)? = try database.scalar("PRAGMA application_id"),
              application == Int64(GeoPackageSchema.applicationID) else {
            throw GeoPackageFormatError.notNearby("it is an SQLite database but not a GeoPackage")
        }
        for table in [GeoPackageSchema.places, GeoPackageSchema.rtree, GeoPackageSchema.dataset] {
            guard try database.scalar("SELECT 1 FROM sqlite_master WHERE name = '\(table)'") != nil else {
                throw GeoPackageFormatError.notNearby("it has no \(table) table")
            }
        }
        var rows: [String: String] = [:]
        let read = try database.prepare("SELECT key, value FROM nearby_dataset")
        while try read.step() {
            if let key = read.text(0), let value = read.text(1) { rows[key] = value }
        }
        metadata = try GeoPackageMetadata(rows: rows)
        // The R*Tree drives; each box match is one primary-key lookup. Its
        // float32 boxes are rounded outwards by SQLite, so none is missed.
        candidates = try database.prepare("""
            SELECT p.fid, p.geom, p.name, p.id, p.category, p.other_categories
            FROM rtree_places_geom r JOIN places p ON p.fid = r.id
            WHERE r.minx <= ?2 AND r.maxx >= ?1 AND r.miny <= ?4 AND r.maxy >= ?3
            """)
        byFID = try database.prepare("SELECT \(Self.columns) FROM places WHERE fid = ?")
        byID = try database.prepare("SELECT \(Self.columns) FROM places WHERE id = ?")
        // SQLite's own JSON reader: a home feed reads a thousand rows, and a
        // Codable decode of each row's tags cost more than the rest of the row.
        tagPairs = try database.prepare("SELECT key, value, type FROM json_each(?)")
    }

    /// Every place in the boxes around a circle (in `categories` when given), measured from `center`.
    func measure(around center: Coordinate, within radius: Double, in categories: Set<PlaceCategory>?) throws -> [Measured] {
        var measured: [Measured] = []
        // Across the antimeridian there are two boxes; a place's R*Tree box meets one of
        // them, unless the file is damaged and the box is wider: measure each place once.
        var seen = Set<Int64>()
        let origin = GeodesicPoint(center)
        for box in CircleBounds(center: center, radius: radius).boxes {
            try candidates.bind([.real(box.minLongitude), .real(box.maxLongitude), .real(box.minLatitude), .real(box.maxLatitude)])
            while try candidates.step() {
                if let categories {
                    guard let main = candidates.text(4) else { continue }
                    let others = candidates.text(5)?.split(separator: ",") ?? []
                    let kinds = [Substring(main)] + others
                    guard kinds.contains(where: { PlaceCategory(rawValue: String($0)).map(categories.contains) ?? false }) else { continue }
                } else if candidates.text(4).flatMap(PlaceCategory.init(rawValue:)) == nil {
                    continue  // a category this nearby does not know, as the GeoJSON reader skips it
                }
                let fid = candidates.int64(0)
                guard seen.insert(fid).inserted else { continue }
                let coordinate = try candidates.withBlob(1) { bytes throws(GeoPackageFormatError) in try GeoPackagePoint.decode(bytes) }
                measured.append(Measured(
                    fid: fid, distance: Geodesic.distance(from: origin, to: GeodesicPoint(coordinate)),
                    name: candidates.text(2) ?? "", id: candidates.text(3) ?? ""))
            }
        }
        return measured
    }

    func place(fid: Int64) throws -> Place {
        try byFID.bind([.integer(fid)])
        guard try byFID.step() else { throw GeoPackageFormatError.row(fid: fid, "it vanished while being read") }
        return try place(from: byFID, defaultZone: metadata.timeZone)
    }

    func place(id: PlaceID) throws -> Place? {
        try byID.bind([.text(id)])
        guard try byID.step() else { return nil }
        return try place(from: byID, defaultZone: metadata.timeZone)
    }

    /// Every place as stored: one names a time zone only when it has its own.
    func allPlaces() throws -> [Place] {
        let all = try database.prepare("SELECT \(Self.columns) FROM places ORDER BY fid")
        var places: [Place] = []
        places.reserveCapacity(metadata.placeCount)
        while try all.step() {
            guard all.text(4).flatMap(PlaceCategory.init(rawValue:)) != nil else { continue }
            places.append(try place(from: all, defaultZone: nil))
        }
        return places
    }

    /// A row of `columns` as a place; `defaultZone` for one that names no time zone.
    private func place(from row: SQLiteStatement, defaultZone: String?) throws -> Place {
        let fid = row.int64(0)
        func text(_ column: Int32) -> String? { row.text(column) }
        let coordinate: Coordinate
        do {
            coordinate = try row.withBlob(1) { bytes throws(GeoPackageFormatError) in try GeoPackagePoint.decode(bytes) }
        } catch {
            throw GeoPackageFormatError.row(fid: fid, "its geometry is \(error.reason)")
        }
        guard let id = text(2), !id.isEmpty else { throw GeoPackageFormatError.row(fid: fid, "it has no id") }
        guard let name = text(3), !name.isEmpty else { throw GeoPackageFormatError.row(fid: fid, "it has no name") }
        guard let category = text(4).flatMap(PlaceCategory.init(rawValue:)) else {
            throw GeoPackageFormatError.row(fid: fid, "its category \(text(4) ?? "NULL") is not one nearby knows")
        }
        let others = (text(5)?.split(separator: ",") ?? []).compactMap { PlaceCategory(rawValue: String($0)) }
        let tags = try text(13).map { try self.tags($0, fid: fid) } ?? [:]
        if let own = text(12), TimeZone(identifier: own) == nil {
            throw GeoPackageFormatError.row(fid: fid, "its timezone \(own) is not an IANA time zone")
        }
        let zone = text(12) ?? defaultZone
        return Place(
            id: id, name: name, category: category, otherCategories: others, coordinate: coordinate,
            address: text(6), openingHours: text(7), phone: text(8), website: text(9), cuisine: text(10),
            imageURL: text(11), timeZone: zone, tags: tags)
    }

    /// A row's tags: a JSON object whose values are all strings.
    private func tags(_ json: String, fid: Int64) throws -> [String: String] {
        let refused = GeoPackageFormatError.row(fid: fid, "its tags are not a JSON object of strings")
        // json_each walks an array or a scalar too; only an object is tags.
        guard json.utf8.first(where: { !" \t\n\r".utf8.contains($0) }) == UInt8(ascii: "{") else { throw refused }
        var tags: [String: String] = [:]
        do {
            try tagPairs.bind([.text(json)])
            while try tagPairs.step() {
                guard tagPairs.text(2) == "text", let key = tagPairs.text(0), let value = tagPairs.text(1) else { throw refused }
                tags[key] = value
            }
        } catch is SQLiteError {
            throw refused
        }
        return tags
    }
}
