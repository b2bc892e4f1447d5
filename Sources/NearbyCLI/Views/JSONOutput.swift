import Foundation
import NearbyKit
import NearbyViewModels

/// `--json` output: stable snake_case fields, keys sorted, one document.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

struct CoordinateJSON: Encodable {
    var lat: Double
    var lon: Double
    init(_ c: Coordinate) { lat = c.latitude; lon = c.longitude }
}

struct PlaceRowJSON: Encodable {
    var row: PlaceRowViewModel

    enum CodingKeys: String, CodingKey {
        case id, name, category, lat, lon, address
        case distanceM = "distance_m", distanceText = "distance_text"
        case openNow = "open_now", openStatus = "open_status", nextChange = "next_change"
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(row.id, forKey: .id)
        try c.encode(row.name, forKey: .name)
        try c.encode(row.category.rawValue, forKey: .category)
        try c.encode(row.place.coordinate.latitude, forKey: .lat)
        try c.encode(row.place.coordinate.longitude, forKey: .lon)
        try c.encode(row.place.address, forKey: .address)
        try c.encode((row.distance * 10).rounded() / 10, forKey: .distanceM)
        try c.encode(row.distanceText, forKey: .distanceText)
        try c.encode(row.openStatus.isOpen, forKey: .openNow)
        try c.encode(row.openStatus.text, forKey: .openStatus)
        try c.encode(row.openStatus.nextChangeText, forKey: .nextChange)
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
