import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// `--json` output: stable snake_case fields, keys sorted.
public enum JSONRendering {
    /// One document, indented, for a person with jq.
    public static func document(_ value: some Encodable) throws -> Data {
        try encoded(value, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + Data("\n".utf8)
    }

    /// One document on one line, as a stream of them (`nearby feed --json`) needs.
    public static func line(_ value: some Encodable) throws -> Data {
        try encoded(value, formatting: [.sortedKeys, .withoutEscapingSlashes]) + Data("\n".utf8)
    }

    private static func encoded(_ value: some Encodable, formatting: JSONEncoder.OutputFormatting) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return try encoder.encode(value)
    }
}

struct CoordinateJSON: Encodable {
    var lat: Double
    var lon: Double
    init(_ c: Coordinate) {
        lat = c.latitude
        lon = c.longitude
    }
}

struct PlaceRowJSON: Encodable {
    var row: PlaceRowViewModel

    enum CodingKeys: String, CodingKey {
        case id, name, category, lat, lon, address
        case distanceM = "distance_m"
        case distanceText = "distance_text"
        case openNow = "open_now"
        case openStatus = "open_status"
        case nextChange = "next_change"
        case matchedName = "matched_name"
    }

    /// A search's row: the name that matched, where it is not `name`.
    struct MatchedNameJSON: Encodable {
        var tag: String
        var text: String
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(row.id, forKey: .id)
        try c.encode(row.name, forKey: .name)
        try c.encode(row.category.rawValue, forKey: .category)
        try c.encode(row.place.coordinate.latitude, forKey: .lat)
        try c.encode(row.place.coordinate.longitude, forKey: .lon)
        try c.encode(row.place.address?.formatted, forKey: .address)
        try c.encode((row.distance * 10).rounded() / 10, forKey: .distanceM)
        try c.encode(row.distanceText, forKey: .distanceText)
        try c.encode(row.openStatus.isOpen, forKey: .openNow)
        try c.encode(row.openStatus.text, forKey: .openStatus)
        try c.encode(row.openStatus.nextChangeText, forKey: .nextChange)
        try c.encodeIfPresent(row.matchedName.map { MatchedNameJSON(tag: $0.key, text: $0.text) }, forKey: .matchedName)
    }
}

extension OpenStatus {
    /// ISO 8601 in the place's own zone ("2021-04-19T19:30:00+02:00"), or nil.
    var nextChangeText: String? {
        guard let nextChange else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        return formatter.string(from: nextChange)
    }
}

extension DatasetInfo? {
    /// The attribution a view shows: the service's, else OpenStreetMap's.
    var attributionText: String { self?.attribution ?? PlacesDataset.osmAttribution }
}
