import Foundation
import NearbyKit
import NearbyService

/// A nearbysearch request, read from Google's parameters and normalised
/// (types as nearby's ids, sorted; the instant in whole seconds), so that
/// equal questions are equal values: the answer cache's key and, with the
/// offset, what a page token carries.
public struct NearbySearchRequest: Hashable, Sendable, Codable {
    public internal(set) var latitude: Double
    public internal(set) var longitude: Double
    /// Metres; nil with `rankby=distance`, which searches the whole Earth.
    public internal(set) var radius: Double?
    public internal(set) var types: [String]
    public internal(set) var excludedTypes: [String]
    public internal(set) var keyword: String?
    public internal(set) var openNow: Bool
    /// `at=`: the instant `open_now` is evaluated at, seconds since 1970; nil for now.
    public internal(set) var at: Double?
    /// `language=`: names in this language where places have them (`name:fr`).
    public internal(set) var language: String?

    enum CodingKeys: String, CodingKey {
        case latitude = "la"
        case longitude = "lo"
        case radius = "r"
        case types = "t"
        case excludedTypes = "x"
        case keyword = "k"
        case openNow = "o"
        case at = "a"
        case language = "l"
    }

    /// Reads Google's parameters: `location`, `radius`, `rankby`, `type`,
    /// `exclude_type`, `keyword`, `opennow`, `at`, `language`. Others (`key`)
    /// are accepted and ignored, as clients send them. An `at`
    /// without an offset is wall-clock time in `localZone` (the dataset's).
    init(parameters: QueryParameters, localZone: TimeZone) throws(NearbyAPIError) {
        guard let location = parameters["location"] else { throw .invalidRequest("missing the location parameter (location=LAT,LNG)") }
        let parts = location.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = DecimalText.value(parts[0]), let lng = DecimalText.value(parts[1]) else {
            throw .invalidRequest("location must be LAT,LNG in decimal degrees")
        }
        do {
            _ = try Coordinate(latitude: lat, longitude: lng)
        } catch {
            throw .invalidRequest("location: \(error.localizedDescription)")
        }
        latitude = lat
        longitude = lng

        let rankBy = parameters["rankby"]
        switch rankBy {
        case nil, "prominence":
            // nearby has no notion of prominence: every answer is nearest first.
            guard let text = parameters["radius"] else {
                throw .invalidRequest("missing the radius parameter (metres), required unless rankby=distance")
            }
            guard let metres = DecimalText.value(Substring(text)), metres > 0, metres <= PlaceQuery.maximumRadius else {
                throw .invalidRequest("radius must be a positive number of metres, at most \(Int(PlaceQuery.maximumRadius))")
            }
            radius = metres
        case "distance":
            // As Google: rankby=distance ranks the whole world and takes no radius.
            guard !parameters.contains("radius") else { throw .invalidRequest("radius must not be given with rankby=distance") }
            radius = nil
        default:
            throw .invalidRequest("rankby must be prominence or distance")
        }

        types = try Self.categories(parameters.all("type"), parameter: "type")
        excludedTypes = try Self.categories(parameters.all("exclude_type"), parameter: "exclude_type")
        let words = parameters["keyword"].map { String($0.trimmed(newlines: true)) }
        keyword = words?.isEmpty == false ? words : nil
        if let keyword, keyword.utf8.count > 200 { throw .invalidRequest("keyword is longer than 200 bytes") }

        switch parameters["opennow"] {
        case nil, "false", "0": openNow = false
        case "", "true", "1": openNow = true
        default: throw .invalidRequest("opennow takes no value (or true/false)")
        }
        at = try parameters["at"].map { text throws(NearbyAPIError) in
            try Self.instant(text, localZone: localZone).timeIntervalSince1970.rounded(.down)
        }
        language = try Self.language(parameters["language"])
    }

    /// `language=fr`: a code as OSM's `name:<code>` keys use them; empty means none.
    static func language(_ text: String?) throws(NearbyAPIError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard Place.isLanguageCode(text) else {
            throw .invalidRequest("language must be a language code such as fr, de or zh-Hant")
        }
        return text
    }

    /// The service's query: every match, no limit (the controller pages).
    public func placeQuery() throws(NearbyAPIError) -> PlaceQuery {
        let center: Coordinate
        do {
            center = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .invalidRequest("location: \(error.localizedDescription)")
        }
        return PlaceQuery(
            center: center, radius: radius ?? PlaceQuery.maximumRadius,
            categories: Set(types.compactMap(PlaceCategory.init(rawValue:))),
            excludedCategories: Set(excludedTypes.compactMap(PlaceCategory.init(rawValue:))), keyword: keyword)
    }

    /// `cafe,bar` or repeated parameters; Google's type names, nearby's
    /// category ids, or a group's id for all its categories (`food`).
    static func categories(_ values: [String], parameter: String) throws(NearbyAPIError) -> [String] {
        var ids = Set<String>()
        for value in values {
            for name in value.split(separator: ",", omittingEmptySubsequences: true) {
                let name = String(name.trimmed())
                guard !name.isEmpty else { continue }
                if let category = PlaceCategory(apiType: name) {
                    ids.insert(category.rawValue)
                } else if let group = PlaceCategoryGroup(rawValue: name) {
                    ids.formUnion(group.categories.map(\.rawValue))
                } else {
                    let groups = PlaceCategoryGroup.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .invalidRequest(
                        "unknown \(parameter) \(TerminalSafeText.escaped(name, limit: 40)): name a Google type (cafe, gas_station), "
                            + "a nearby category (`nearby categories` lists them) or a group (\(groups))")
                }
            }
        }
        return ids.sorted()
    }

    /// `at=`, read by NearbyKit's strict ISO 8601 parser.
    static func instant(_ text: String, localZone: TimeZone) throws(NearbyAPIError) -> Date {
        do {
            return try InstantParser.parse(text, localZone: localZone)
        } catch {
            throw .invalidRequest("at: \(error.localizedDescription)")
        }
    }
}

extension NearbySearchRequest {
    /// What a decoded page token must satisfy, since anyone can make one:
    /// the same bounds as the parameters it stands for.
    /// The instants `at=` can name, in whole seconds: `InstantParser` reads
    /// years 0001 to 9999 at offsets up to ±18:00. A page token holds the same.
    static let instants: ClosedRange<Double> = -62_135_661_600...253_402_365_599

    func validated() throws(NearbyAPIError) -> NearbySearchRequest {
        _ = try placeQuery()
        if let radius, !(radius > 0 && radius <= PlaceQuery.maximumRadius) { throw .invalidRequest("invalid pagetoken") }
        guard (types + excludedTypes).allSatisfy({ PlaceCategory(rawValue: $0) != nil }),
            types == Array(Set(types)).sorted(), excludedTypes == Array(Set(excludedTypes)).sorted(),
            // As the parameter reads it: no keyword is nil, never an empty or padded text.
            keyword.map({ !$0.isEmpty && $0.utf8.count <= 200 && $0[...] == $0.trimmed(newlines: true) }) ?? true,
            at.map({ Self.instants.contains($0) && $0 == $0.rounded(.down) }) ?? true,
            language.map(Place.isLanguageCode) ?? true
        else { throw .invalidRequest("invalid pagetoken") }
        return self
    }
}
