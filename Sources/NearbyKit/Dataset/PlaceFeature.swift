import Foundation

/// The GeoJSON shape of one place in a dataset file. Field names are the
/// file format (snake_case, stable); `Place` is what the code works with.
struct PlaceFeature: Codable {
    struct Geometry: Codable {
        var type: String
        var coordinates: [Double]

        init(type: String, coordinates: [Double]) {
            self.type = type
            self.coordinates = coordinates
        }

        // Only a Point's coordinates are read: a LineString's nested arrays
        // would otherwise fail as "expected a number" instead of saying
        // that places are points.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            coordinates = type == "Point" ? try container.decode([Double].self, forKey: .coordinates) : []
        }
    }

    struct Properties: Codable {
        var name: String
        var category: String
        var otherCategories: [String]?
        /// The whole address, as the country writes it.
        var address: String?
        var addressComponents: [AddressComponent]?
        var openingHours: String?
        var phone: String?
        var website: String?
        var cuisine: String?
        var image: String?
        var timezone: String?
        var tags: [String: String]?

        enum CodingKeys: String, CodingKey {
            case name, category, address, phone, website, cuisine, image, timezone, tags
            case otherCategories = "other_categories"
            case addressComponents = "address_components"
            case openingHours = "opening_hours"
        }
    }

    var type = "Feature"
    var id: String
    var geometry: Geometry
    var properties: Properties
}

extension PlaceFeature {
    init(_ place: Place) {
        id = place.id
        geometry = Geometry(type: "Point", coordinates: [place.coordinate.longitude, place.coordinate.latitude])
        properties = Properties(
            name: place.name,
            category: place.category.rawValue,
            otherCategories: place.otherCategories.isEmpty ? nil : place.otherCategories.map(\.rawValue),
            address: place.address?.formatted,
            addressComponents: place.address.flatMap { $0.components.isEmpty ? nil : $0.components },
            openingHours: place.openingHours,
            phone: place.phone,
            website: place.website,
            cuisine: place.cuisine,
            image: place.imageURL,
            timezone: place.timeZone,
            tags: place.tags.isEmpty ? nil : place.tags
        )
    }

    enum Problem: Error {
        case unknownCategory(String)
        case invalid(String)
    }

    func place() throws(Problem) -> Place {
        guard type == "Feature" else { throw .invalid("type is \"\(type)\", expected \"Feature\"") }
        guard !id.isEmpty else { throw .invalid("empty id") }
        guard geometry.type == "Point" else { throw .invalid("the geometry must be a Point, not \"\(geometry.type)\"") }
        guard geometry.coordinates.count >= 2 else { throw .invalid("a Point needs [longitude, latitude]") }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: geometry.coordinates[1], longitude: geometry.coordinates[0])
        } catch {
            throw .invalid(error.localizedDescription)
        }
        guard !properties.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalid("the name is empty")
        }
        if let zone = properties.timezone, TimeZone(identifier: zone) == nil {
            throw .invalid("timezone \"\(zone)\" is not an IANA time zone (such as Europe/Monaco)")
        }
        guard let category = PlaceCategory(rawValue: properties.category) else {
            throw .unknownCategory(properties.category)
        }
        let others = (properties.otherCategories ?? []).compactMap(PlaceCategory.init(rawValue:))
        let components = properties.addressComponents ?? []
        let address =
            components.isEmpty && properties.address == nil ? nil : PostalAddress(components: components, formatted: properties.address)
        return Place(
            id: id, name: properties.name, category: category, otherCategories: others,
            coordinate: coordinate, address: address, openingHours: properties.openingHours,
            phone: properties.phone, website: properties.website, cuisine: properties.cuisine,
            imageURL: properties.image, timeZone: properties.timezone, tags: properties.tags ?? [:]
        )
    }
}
