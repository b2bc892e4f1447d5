import Foundation
import NearbyKit

/// What a place service serves: where the data came from, under which
/// licence, in which time zone, how many places of each kind, and when it
/// was loaded. Views take the attribution and the default zone from here.
public struct DatasetInfo: Hashable, Sendable, Codable {
    public var attribution: String
    public var license: String?
    /// The IANA zone of places that name none.
    public var timeZone: String?
    /// The extract the data was imported from (`monaco.osm.pbf`).
    public var source: String?
    public var placeCount: Int
    /// By category raw value (`cafe`), counting each place under each of its kinds.
    public var categoryCounts: [String: Int]
    /// Features of the file left out because nearby does not know their category.
    public var skippedUnknownCategories: [String: Int]
    public var loadedAt: Date
    /// Where the places are (`PlacesDataset.center`). Nil when the store does not say.
    public var center: Coordinate?
    /// Where the data stands in OpenStreetMap's replication (`PlacesDataset.replication`), when the import knew.
    public var replication: ReplicationState?

    enum CodingKeys: String, CodingKey {
        case attribution, license, source
        case timeZone = "timezone"
        case placeCount = "place_count"
        case categoryCounts = "category_counts"
        case skippedUnknownCategories = "skipped_unknown_categories"
        case loadedAt = "loaded_at"
        case center, replication
    }

    public init(
        attribution: String, license: String?, timeZone: String?, source: String?, placeCount: Int,
        categoryCounts: [String: Int], skippedUnknownCategories: [String: Int], loadedAt: Date, center: Coordinate? = nil,
        replication: ReplicationState? = nil
    ) {
        self.attribution = attribution
        self.license = license
        self.timeZone = timeZone
        self.source = source
        self.placeCount = placeCount
        self.categoryCounts = categoryCounts
        self.skippedUnknownCategories = skippedUnknownCategories
        self.loadedAt = loadedAt
        self.center = center
        self.replication = replication
    }

    public init(dataset: PlacesDataset, loadedAt: Date) {
        var counts: [String: Int] = [:]
        for place in dataset.places {
            for category in place.categories { counts[category.rawValue, default: 0] += 1 }
        }
        self.init(
            attribution: dataset.attribution, license: dataset.license, timeZone: dataset.timeZone, source: dataset.source,
            placeCount: dataset.places.count, categoryCounts: counts,
            skippedUnknownCategories: dataset.skippedUnknownCategories, loadedAt: loadedAt,
            center: dataset.center, replication: dataset.replication)
    }

    /// Counts a place in, or out (`by: -1`; a kind left with none stays at 0).
    mutating func count(_ place: Place, by change: Int) {
        placeCount += change
        for category in place.categories { categoryCounts[category.rawValue, default: 0] += change }
    }

    /// The zone opening hours are read in when a place names none.
    public var defaultTimeZone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }
}
