import Foundation
import NearbyKit
import NearbySQLite

/// Rows read back as places: their address parts and tags from the JSON nearby writes (`PlainJSON`), else SQLite's JSON functions.
extension GeoPackageConnection {
    /// A row of `columns` as a place; `defaultZone` for one that names no time zone.
    func place(from row: SQLiteStatement, defaultZone: String?) throws -> Place {
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
            address: try address(text(6), components: text(14), fid: fid), openingHours: text(7), phone: text(8), website: text(9),
            cuisine: text(10),
            imageURL: text(11), timeZone: zone, tags: tags)
    }

    /// A row's address: the formatted text, and the parts as a JSON array
    /// of Google's components (`AddressComponent`'s stored form).
    func address(_ formatted: String?, components json: String?, fid: Int64) throws -> PostalAddress? {
        guard let json else { return formatted.map { PostalAddress(components: [], formatted: $0) } }
        return PostalAddress(components: try PlainJSON.addressComponents(json) ?? components(json, fid: fid), formatted: formatted)
    }

    /// Address parts read by SQLite's JSON functions: what `PlainJSON` leaves.
    func components(_ json: String, fid: Int64) throws -> [AddressComponent] {
        let refused = GeoPackageFormatError.row(fid: fid, "its address_components are not a JSON array of address components")
        guard json.utf8.first(where: { !" \t\n\r".utf8.contains($0) }) == UInt8(ascii: "[") else { throw refused }
        var components: [AddressComponent] = []
        do {
            try componentRows.bind([.text(json)])
            while try componentRows.step() {
                guard componentRows.text(4) == "object", let long = componentRows.text(0), let types = componentRows.text(2),
                    let kind = AddressComponent.Kind.first(in: types)
                else { throw refused }
                let rule = componentRows.text(3).flatMap(AddressRule.init(rawValue:)) ?? .tags
                components.append(AddressComponent(kind, long, shortName: componentRows.text(1), rule: rule))
            }
        } catch let error as SQLiteError where !error.isInterruption {
            throw refused
        }
        return components
    }

    /// A row's tags: a JSON object whose values are all strings.
    func tags(_ json: String, fid: Int64) throws -> [String: String] {
        try strings.read(json, refused: .row(fid: fid, "its tags are not a JSON object of strings"))
    }
}
