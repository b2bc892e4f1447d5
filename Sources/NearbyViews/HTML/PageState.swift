import Foundation
import NearbyKit

/// What a page carries from link to link: the position and the options a
/// person chose. Links and forms are built from it, so every page keeps them.
public struct PageState: Sendable, Equatable {
    /// Nil until a position is known (no `lat`/`lon` and a store that names no centre).
    public let position: Coordinate?
    /// True when the position is the dataset's centre, not the person's.
    public let positionIsDefault: Bool
    /// Metres, when a person chose other than the default.
    public let radius: Double?
    /// `at=` as it was given: the instant opening hours are read at.
    public let at: String?
    public let units: DistanceUnit?
    public let language: String?
    /// The parameters every link carries, in a fixed order. A default
    /// position is left out, so that links follow the data, not a guess.
    public let parameters: [(name: String, value: String)]
    /// `parameters` as a query string, escaped once for all of a page's links.
    private let carried: String

    public init(
        position: Coordinate?, positionIsDefault: Bool = false, radius: Double? = nil, at: String? = nil,
        units: DistanceUnit? = nil, language: String? = nil
    ) {
        self.position = position
        self.positionIsDefault = positionIsDefault
        self.radius = radius
        self.at = at
        self.units = units
        self.language = language
        var items: [(name: String, value: String)] = []
        if let position, !positionIsDefault {
            items.append(("lat", Self.degrees(position.latitude)))
            items.append(("lon", Self.degrees(position.longitude)))
        }
        if let radius { items.append(("radius", Self.number(radius))) }
        if let at { items.append(("at", at)) }
        if let units { items.append(("units", units.rawValue)) }
        if let language { items.append(("lang", language)) }
        parameters = items
        carried = Self.query(items)
    }

    public static func == (a: PageState, b: PageState) -> Bool {
        a.position == b.position && a.positionIsDefault == b.positionIsDefault && a.radius == b.radius && a.at == b.at
            && a.units == b.units && a.language == b.language
    }

    /// The same options at another position: a street or a town picked from a list.
    public func moved(to position: Coordinate) -> PageState {
        PageState(position: position, radius: radius, at: at, units: units, language: language)
    }

    /// `path?name=value&…`, escaped, with `extra` after the carried parameters.
    public func link(_ path: String, _ extra: [(name: String, value: String)] = []) -> String {
        switch (carried.isEmpty, extra.isEmpty) {
        case (true, true): path
        case (false, true): path + "?" + carried
        case (true, false): path + "?" + Self.query(extra)
        case (false, false): path + "?" + carried + "&" + Self.query(extra)
        }
    }

    private static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { escaped($0.name) + "=" + escaped($0.value) }.joined(separator: "&")
    }

    /// Seven decimals: a centimetre, and no exponent.
    static func degrees(_ value: Double) -> String { String(format: "%.7f", value) }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Percent-encoded as every link of the pages is (`PercentEncoding`).
    public static func escaped(_ text: String) -> String {
        PercentEncoding.encoded(text)
    }
}
