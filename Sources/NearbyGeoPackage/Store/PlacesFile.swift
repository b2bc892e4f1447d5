import Foundation
import NearbyKit
import NearbyService

/// A places file as `--data` names it: a nearby GeoPackage or a places
/// GeoJSON, told apart by content (SQLite's header), never by extension.
public enum PlacesFile {
    public enum Format: Equatable, Sendable {
        case geoPackage
        case geoJSON
    }

    /// Every SQLite database file starts with these 16 bytes.
    static let sqliteHeader = Data("SQLite format 3\0".utf8)

    public static func format(of url: URL) throws(NearbyAPIError) -> Format {
        do throws(DatasetError) {
            return try DatasetFile.prefix(of: url, count: sqliteHeader.count) == sqliteHeader ? .geoPackage : .geoJSON
        } catch {
            throw NearbyAPIError(error.escaped)
        }
    }

    /// For one-shot commands: a GeoPackage is queried where it lies; a
    /// GeoJSON, which has no index, is read into memory.
    public static let openInPlace: LocalPlaceService.Opener = { url, _ throws(NearbyAPIError) in
        switch try format(of: url) {
        case .geoPackage: try GeoPackagePlaces(url: url)
        case .geoJSON: try LocalPlaceService.readGeoJSON(url, nil)
        }
    }

    /// For a server: whatever the format, every place in memory, for
    /// microsecond queries. A GeoPackage updated in place since it was read
    /// is brought forward by what changed, not read again whole.
    public static let readIntoMemory: LocalPlaceService.Opener = { url, previous throws(NearbyAPIError) in
        switch try format(of: url) {
        case .geoPackage:
            let store = try GeoPackagePlaces(url: url)
            if let previous = previous as? InMemoryPlaces, let forward = try store.bringingForward(previous) { return forward }
            return try store.inMemory()
        case .geoJSON:
            return try LocalPlaceService.readGeoJSON(url, nil)
        }
    }

    /// Every place of the file, as imported.
    public static func dataset(at url: URL) throws(NearbyAPIError) -> PlacesDataset {
        switch try format(of: url) {
        case .geoPackage:
            return try GeoPackagePlaces(url: url).dataset()
        case .geoJSON:
            do throws(DatasetError) { return try PlacesDataset.load(from: url) } catch { throw NearbyAPIError(error) }
        }
    }
}
