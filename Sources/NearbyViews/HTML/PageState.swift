import Foundation
import NearbyKit

/// What a page carries from link to link: the position and the options a
/// person chose. Links and forms are built from it, so every page keeps them.
public struct PageState: Sendable, Equatable {
    /// Nil until a position is known (no `lat`/`lon` and a store that names no centre).
    public var position: Coordinate?
    /// True when the position is the dataset's centre, not the person's.
    public var positionIsDefault: Bool
    /// Metres, when a person chose other than the default.
    public var radius: Double?
    /// `at=` as it was given: the instant opening hours are read at.
    public var at: String?
    public var units: DistanceUnit?
    public var language: String?

    public init(position: Coordinate?, positionIsDefault: Bool = false, radius: Double? = nil, at: String? = nil,
                units: DistanceUnit? = nil, language: String? = nil) {
        self.position = position
        self.positionIsDefault = positionIsDefault
        self.radius = radius
        self.at = at
        self.units = units
        self.language = language
    }

    /// The parameters every link carries, in a fixed order. A default
    /// position is left out, so that links follow the data, not a guess.
    public var parameters: [(name: String, value: String)] {
        var items: [(String, String)] = []
        if let position, !positionIsDefault {
            items.append(("lat", Self.degrees(position.latitude)))
            items.append(("lon", Self.degrees(position.longitude)))
        }
        if let radius { items.append(("radius", Self.number(radius))) }
        if let at { items.append(("at", at)) }
        if let units { items.append(("units", units.rawValue)) }
        if let language { items.append(("lang", language)) }
        return items
    }

    /// `path?name=value&…`, escaped, with `extra` after the carried parameters.
    public func link(_ path: String, _ extra: [(name: String, value: String)] = [], keepingRadius: Bool = true) -> String {
        let items = parameters.filter { keepingRadius || $0.name != "radius" } + extra
        guard !items.isEmpty else { return path }
        return path + "?" + items.map { "\(Self.escaped($0.name))=\(Self.escaped($0.value))" }.joined(separator: "&")
    }

    /// Seven decimals: a centimetre, and no exponent.
    static func degrees(_ value: Double) -> String { String(format: "%.7f", value) }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    public static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
