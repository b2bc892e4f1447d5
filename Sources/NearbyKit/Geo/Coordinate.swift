import Foundation

/// A WGS84 position. It can only be made valid: the initialiser rejects what
/// no place on Earth can have, so code that holds one never checks again.
public struct Coordinate: Hashable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite else { throw .notFinite("latitude") }
        guard longitude.isFinite else { throw .notFinite("longitude") }
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For values already known to be in range (constants, computed interior points).
    init(validLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public enum CoordinateError: Error, Equatable, LocalizedError {
    case notFinite(String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)

    public var errorDescription: String? {
        switch self {
        case .notFinite(let axis): "the \(axis) is not a finite number"
        case .latitudeOutOfRange(let value): "latitude \(value) is outside -90…90"
        case .longitudeOutOfRange(let value): "longitude \(value) is outside -180…180"
        }
    }
}

extension Coordinate: Codable {
    /// GeoJSON order: `[longitude, latitude]`.
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let longitude = try container.decode(Double.self)
        let latitude = try container.decode(Double.self)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.localizedDescription))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(longitude)
        try container.encode(latitude)
    }
}

extension Coordinate: CustomStringConvertible {
    public var description: String { String(format: "%.7f, %.7f", latitude, longitude) }
}
