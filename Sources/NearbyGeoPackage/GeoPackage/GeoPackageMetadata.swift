import Foundation
import NearbyKit

/// What a nearby GeoPackage says about its places, in its `nearby_dataset`
/// table of keys and values: the attribution and licence the data comes
/// under, the extract it was imported from, the default time zone, when it
/// was imported, where it stands in OpenStreetMap's replication, and what
/// would otherwise take reading every row: counts, the places' middle.
struct GeoPackageMetadata: Equatable {
    /// Written as `format`: a store of another version is refused, not misread.
    static let format = "nearby-places-1"

    var attribution: String
    var license: String?
    var source: String?
    var timeZone: String?
    var importedAt: Date
    var placeCount: Int
    var categoryCounts: [String: Int]
    /// `PlacesDataset.center`; stores written before it was kept have none.
    var center: Coordinate?
    /// `PlacesDataset.replication`, as JSON under `replication` (the GeoJSON file's and PostGIS's shape).
    var replication: ReplicationState?
    /// Drawn anew by the import and by each update in place (`ChangesTable`);
    /// stores written before it have none.
    var revision: String?

    init(dataset: PlacesDataset, importedAt: Date) {
        attribution = dataset.attribution
        license = dataset.license
        source = dataset.source
        timeZone = dataset.timeZone
        self.importedAt = importedAt
        placeCount = dataset.places.count
        var counts: [String: Int] = [:]
        for place in dataset.places {
            for category in place.categories { counts[category.rawValue, default: 0] += 1 }
        }
        categoryCounts = counts
        center = dataset.center
        replication = dataset.replication
        revision = UUID().uuidString
    }

    var rows: [(key: String, value: String)] {
        var rows: [(String, String)] = [
            ("format", Self.format), ("attribution", attribution),
            ("imported_at", Self.instant.format(importedAt)), ("place_count", String(placeCount)),
            ("category_counts", Self.json(categoryCounts)),
        ]
        if let license { rows.append(("license", license)) }
        if let source { rows.append(("source", source)) }
        if let timeZone { rows.append(("timezone", timeZone)) }
        if let center {
            rows.append(("center_latitude", String(center.latitude)))
            rows.append(("center_longitude", String(center.longitude)))
        }
        if let revision { rows.append(("revision", revision)) }
        if let replication, let json = try? JSONEncoder().encode(replication) {
            rows.append(("replication", String(decoding: json, as: UTF8.self)))
        }
        return rows
    }

    init(rows: [String: String]) throws(GeoPackageFormatError) {
        guard let format = rows["format"] else { throw .notNearby("its nearby_dataset table has no format") }
        guard format == Self.format else { throw .notNearby("its format is \(format), this nearby reads \(Self.format)") }
        guard let attribution = rows["attribution"] else { throw .notNearby("its nearby_dataset table has no attribution") }
        guard let imported = rows["imported_at"].flatMap({ try? Self.instant.parse($0) }) else {
            throw .notNearby("its nearby_dataset table has no valid imported_at")
        }
        guard let count = rows["place_count"].flatMap(Int.init), count >= 0 else {
            throw .notNearby("its nearby_dataset table has no valid place_count")
        }
        guard let counts = rows["category_counts"].flatMap({ try? JSONDecoder().decode([String: Int].self, from: Data($0.utf8)) }) else {
            throw .notNearby("its nearby_dataset table has no valid category_counts")
        }
        if let zone = rows["timezone"], TimeZone(identifier: zone) == nil {
            throw .notNearby("its timezone \(zone) is not an IANA time zone")
        }
        if let latitude = rows["center_latitude"], let longitude = rows["center_longitude"] {
            guard let latitude = DecimalText.value(latitude), let longitude = DecimalText.value(longitude),
                let center = try? Coordinate(latitude: latitude, longitude: longitude)
            else { throw .notNearby("its center_latitude and center_longitude are not a position") }
            self.center = center
        }
        if let json = rows["replication"] {
            guard let replication = try? JSONDecoder().decode(ReplicationState.self, from: Data(json.utf8)) else {
                throw .notNearby("its replication is not a replication state")
            }
            self.replication = replication
        }
        self.attribution = attribution
        revision = rows["revision"]
        license = rows["license"]
        source = rows["source"]
        timeZone = rows["timezone"]
        importedAt = imported
        placeCount = count
        categoryCounts = counts
    }

    private static func json(_ counts: [String: Int]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(counts)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static let instant = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
