import Foundation

/// Reads the lines of an `osmium export` (`OSMExportFeature`) into places,
/// the address sources, the areas a node may repeat (`NodeAreaMerge`) and
/// what was left out: the one reading of a feature, for an import of a
/// whole extract and for an update's export of what a change reaches.
package struct FeatureCollector {
    package private(set) var places: [Place] = []
    package private(set) var areas = NodeAreaMerge()
    package private(set) var addressSources = OSMAddressSources()
    package private(set) var report = OSMImporter.Report()
    /// A closed way can come out both as a line and as an area; the area wins.
    private var indexByID: [PlaceID: Int] = [:]
    private var skippedIDs = Set<PlaceID>()
    /// The elements to read, when not all (an update's export holds others for their geometry).
    private let only: Set<PlaceID>?

    package init(only: Set<PlaceID>? = nil) {
        self.only = only
    }

    /// What the import reads: an element matching none of these is dropped, whatever its tags.
    static let readFilters = (CategoryCatalog.shared.osmiumFilters + OSMAddressSources.osmiumFilters).compactMap(TagFilter.init)

    package mutating func add(_ line: Data) throws {
        let feature = try JSONDecoder().decode(OSMExportFeature.self, from: line)
        if let only, !only.contains(feature.placeID) { return }
        // An element osmium left in only for its references (a tagged node of a street), or exported
        // with a whole small extract, is read as the filters would have it: not at all.
        guard Self.readFilters.contains(where: { $0.matches(type: feature.osmType, tags: feature.tags) }) else { return }
        addressSources.add(feature)
        switch Self.place(from: feature) {
        case .success(let place):
            if let existing = indexByID[place.id] {
                if case .polygons = feature.geometry { places[existing] = place }
            } else {
                indexByID[place.id] = places.count
                places.append(place)
            }
            if case .polygons(let polygons) = feature.geometry { areas.add(place, polygons: polygons) }
        case .failure(let reason):
            // A closed way can come out twice (as a line and as an area): count it once.
            let catalog = CategoryCatalog.shared
            guard skippedIDs.insert(feature.placeID).inserted, catalog.filtersKeep(feature.tags) else { break }
            report.skipped[reason, default: 0] += 1
            if reason == .noCategory,
                let tag = catalog.wholeKeys.lazy.compactMap({ key in feature.tags[key].map { "\(key)=\($0)" } }).first
            {
                report.leftOutTags[tag, default: 0] += 1
            }
        }
    }

    /// Tags that become fields of `Place` rather than staying in `tags`.
    private static let consumedTags: Set<String> = [
        "name", "opening_hours", "phone", "contact:phone", "website", "contact:website", "url", "cuisine", "image",
    ]

    private static func place(from feature: OSMExportFeature) -> Result<Place, OSMImporter.SkipReason> {
        let tags = feature.tags
        let categories = PlaceCategory.categories(forTags: tags)
        guard let category = categories.first else { return .failure(.noCategory) }
        // ATMs and fuel stations are mapped by operator or brand more often than by name.
        let names = ["name", "brand", "operator"].compactMap { tags[$0]?.trimmingCharacters(in: .whitespaces) }
        guard let name = names.first(where: { !$0.isEmpty }) ?? (category.keepsUnnamedPlaces ? category.singularName : nil) else {
            return .failure(.unnamed)
        }
        guard let anchor = feature.anchor else { return .failure(.noGeometry) }
        // OSM stores 7 decimals; interior points are rounded to the same.
        let round7 = { (v: Double) in (v * 1e7).rounded() / 1e7 }
        guard let coordinate = try? Coordinate(latitude: round7(anchor.y), longitude: round7(anchor.x)) else {
            return .failure(.outOfRange)
        }
        return .success(
            Place(
                id: feature.placeID, name: name, category: category, otherCategories: Array(categories.dropFirst()),
                coordinate: coordinate, address: OSMAddress.address(tags), openingHours: tags["opening_hours"],
                phone: tags["phone"] ?? tags["contact:phone"], website: tags["website"] ?? tags["contact:website"] ?? tags["url"],
                cuisine: tags["cuisine"], imageURL: tags["image"],
                tags: tags.filter { !Self.consumedTags.contains($0.key) && !$0.key.hasPrefix(OSMAddress.prefix) }
            ))
    }
}
