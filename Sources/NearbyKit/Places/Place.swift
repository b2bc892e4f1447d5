import Foundation

/// A stable place identifier built from the OpenStreetMap element it came
/// from: `n` node, `w` way, `r` relation, then the OSM id (`n4316767531`).
public typealias PlaceID = String

/// One named place of the dataset.
public struct Place: Hashable, Sendable, Identifiable {
    public var id: PlaceID
    public var name: String
    /// The main category; a place may also serve as others (a bank with an ATM).
    public var category: PlaceCategory
    public var otherCategories: [PlaceCategory]
    public var coordinate: Coordinate
    public var address: String?
    /// The raw OpenStreetMap `opening_hours` value.
    public var openingHours: String?
    public var phone: String?
    public var website: String?
    public var cuisine: String?
    public var imageURL: String?
    /// An IANA zone name (`Europe/Monaco`) when the dataset says so.
    public var timeZone: String?
    /// The OpenStreetMap tags not carried by the fields above.
    public var tags: [String: String]

    public init(
        id: PlaceID, name: String, category: PlaceCategory, otherCategories: [PlaceCategory] = [],
        coordinate: Coordinate, address: String? = nil, openingHours: String? = nil,
        phone: String? = nil, website: String? = nil, cuisine: String? = nil,
        imageURL: String? = nil, timeZone: String? = nil, tags: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.category = category
        // Each kind once, the main one not again: a place is counted and indexed once per kind.
        var seen: Set = [category]
        self.otherCategories = otherCategories.filter { seen.insert($0).inserted }
        self.coordinate = coordinate
        self.address = address
        self.openingHours = openingHours
        self.phone = phone
        self.website = website
        self.cuisine = cuisine
        self.imageURL = imageURL
        self.timeZone = timeZone
        self.tags = tags
    }

    /// Every category this place answers to, the main one first.
    public var categories: [PlaceCategory] { [category] + otherCategories }
}
