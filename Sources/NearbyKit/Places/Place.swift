import CPrefetch
import Foundation

/// A stable place identifier built from the OpenStreetMap element it came
/// from: `n` node, `w` way, `r` relation, then the OSM id (`n4316767531`).
public typealias PlaceID = String

/// One named place of the dataset.
///
/// A value, but its fields live in one shared, immutable box: copying a
/// place (into every answer a store gives) is one reference count, not a
/// dozen, and reads one cache line, not the four the fields fill. Setting
/// a field gives this place a box of its own.
public struct Place: Hashable, Sendable, Identifiable {
    private var box: Box

    public var id: PlaceID {
        get { box.fields.id }
        set { update { $0.id = newValue } }
    }
    public var name: String {
        get { box.fields.name }
        set { update { $0.name = newValue } }
    }
    /// The main category; a place may also serve as others (a bank with an ATM).
    public var category: PlaceCategory {
        get { box.fields.category }
        set { update { $0.category = newValue } }
    }
    public var otherCategories: [PlaceCategory] {
        get { box.fields.otherCategories }
        set { update { $0.otherCategories = newValue } }
    }
    public var coordinate: Coordinate {
        get { box.fields.coordinate }
        set { update { $0.coordinate = newValue } }
    }
    /// Its address: its own `addr:*` tags, completed at import from the
    /// extract around it (`AddressIndex`).
    public var address: PostalAddress? {
        get { box.fields.address }
        set { update { $0.address = newValue } }
    }
    /// The raw OpenStreetMap `opening_hours` value.
    public var openingHours: String? {
        get { box.fields.openingHours }
        set { update { $0.openingHours = newValue } }
    }
    public var phone: String? {
        get { box.fields.phone }
        set { update { $0.phone = newValue } }
    }
    public var website: String? {
        get { box.fields.website }
        set { update { $0.website = newValue } }
    }
    public var cuisine: String? {
        get { box.fields.cuisine }
        set { update { $0.cuisine = newValue } }
    }
    public var imageURL: String? {
        get { box.fields.imageURL }
        set { update { $0.imageURL = newValue } }
    }
    /// An IANA zone name (`Europe/Monaco`) when the dataset says so.
    public var timeZone: String? {
        get { box.fields.timeZone }
        set { update { $0.timeZone = newValue } }
    }
    /// The OpenStreetMap tags not carried by the fields above.
    public var tags: [String: String] {
        get { box.fields.tags }
        set { update { $0.tags = newValue } }
    }

    public init(
        id: PlaceID, name: String, category: PlaceCategory, otherCategories: [PlaceCategory] = [],
        coordinate: Coordinate, address: PostalAddress? = nil, openingHours: String? = nil,
        phone: String? = nil, website: String? = nil, cuisine: String? = nil,
        imageURL: String? = nil, timeZone: String? = nil, tags: [String: String] = [:]
    ) {
        // Each kind once, the main one not again: a place is counted and indexed once per kind.
        var seen: Set = [category]
        box = Box(
            Fields(
                id: id, name: name, category: category, otherCategories: otherCategories.filter { seen.insert($0).inserted },
                coordinate: coordinate, address: address, openingHours: openingHours, phone: phone, website: website,
                cuisine: cuisine, imageURL: imageURL, timeZone: timeZone, tags: tags))
    }

    /// Every category this place answers to, the main one first.
    public var categories: [PlaceCategory] { [category] + otherCategories }

    /// Starts reading this place's box into cache: an answer's places are
    /// then fetched side by side, where copying them one after another
    /// waits on each (a copy's reference count is an atomic write).
    func prefetch() {
        nearby_prefetch(Unmanaged.passUnretained(box).toOpaque())
    }

    public static func == (a: Place, b: Place) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    private struct Fields: Hashable, Sendable {
        var id: PlaceID
        var name: String
        var category: PlaceCategory
        var otherCategories: [PlaceCategory]
        var coordinate: Coordinate
        var address: PostalAddress?
        var openingHours: String?
        var phone: String?
        var website: String?
        var cuisine: String?
        var imageURL: String?
        var timeZone: String?
        var tags: [String: String]
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}
