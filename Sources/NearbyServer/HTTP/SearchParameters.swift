import Foundation
import NearbyKit
import NearbyService

/// The search values both HTTP surfaces read — the legacy API's
/// nearbysearch and the web pages — each through the one reader of its
/// text form, refused in the same words, naming the parameter as given.
enum SearchParameters {
    /// `location=LAT,LNG`, decimal degrees.
    static func location(_ text: String) throws(NearbyAPIError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = DecimalText.value(parts[0]), let lng = DecimalText.value(parts[1]) else {
            throw .invalidRequest("location must be LAT,LNG in decimal degrees")
        }
        do {
            return try Coordinate(latitude: lat, longitude: lng)
        } catch {
            throw .invalidRequest("location: \(error.localizedDescription)")
        }
    }

    /// `opennow`: present with no value, `true` or `1`; `false` or `0` as absent.
    static func openNow(_ text: String?) throws(NearbyAPIError) -> Bool {
        switch text {
        case nil, "false", "0": false
        case "", "true", "1": true
        default: throw .invalidRequest("opennow takes no value (or true/false)")
        }
    }

    static func radius(_ text: String) throws(NearbyAPIError) -> SearchRadius {
        do {
            return try SearchRadius(text: text)
        } catch {
            throw .invalidRequest("radius must be a positive number of metres, at most \(Int(SearchRadius.maximumMetres))")
        }
    }

    /// Kinds, repeated or comma-separated (`KindList`), their words read in `language` first.
    static func kinds(_ values: [String], parameter: String, language: String? = nil) throws(NearbyAPIError) -> Set<PlaceCategory> {
        do {
            return try KindList.read(values, language: language)
        } catch {
            let groups = PlaceCategoryGroup.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidRequest(
                "unknown \(parameter) \(TerminalSafeText.escaped(error.name, limit: 40)): name a Google type (cafe, gas_station), "
                    + "a nearby category (`nearby categories` lists them) or a group (\(groups))")
        }
    }

    /// `at=`, ISO 8601 (`InstantParser`); without an offset, wall-clock time in `localZone`.
    static func instant(_ text: String, localZone: TimeZone) throws(NearbyAPIError) -> Date {
        do {
            return try InstantParser.parse(text, localZone: localZone)
        } catch {
            throw .invalidRequest("at: \(error.localizedDescription)")
        }
    }

    /// `language=fr`: a code as OSM's `name:<code>` keys use them; empty means none.
    static func language(_ text: String?) throws(NearbyAPIError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard Place.isLanguageCode(text) else {
            throw .invalidRequest("language must be a language code such as fr, de or zh-Hant")
        }
        return text
    }
}
