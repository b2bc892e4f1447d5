import Foundation
import NearbyKit

/// Which fields of a Place an answer holds: Google's field mask, from the
/// `X-Goog-FieldMask` header or the `fields` (or `$fields`) parameter.
/// Paths are comma-separated, in camelCase or snake_case; `*` is every
/// field; on searches each path starts with `places.` (Google's rule), and
/// `nextPageToken` asks for nearby's paging extension. A path into a field
/// (`displayName.text`) asks for the whole field. A name that is no field
/// of Google's Place is refused, as Google refuses it; a field Google has
/// and OpenStreetMap cannot state is accepted and left out of the answer.
struct FieldMask: Sendable, Equatable {
    /// Every field of Google's Place (places.v1.Place), by its JSON name.
    static let placeFields: Set<String> = [
        "name", "id", "displayName", "types", "primaryType", "primaryTypeDisplayName", "googleMapsTypeLabel",
        "nationalPhoneNumber", "internationalPhoneNumber", "formattedAddress", "shortFormattedAddress",
        "postalAddress", "addressComponents", "plusCode", "location", "viewport", "rating", "googleMapsUri",
        "websiteUri", "reviews", "regularOpeningHours", "utcOffsetMinutes", "timeZone", "photos", "adrFormatAddress",
        "businessStatus", "openingDate", "priceLevel", "attributions", "userRatingCount", "iconMaskBaseUri",
        "iconBackgroundColor", "takeout", "delivery", "dineIn", "curbsidePickup", "reservable", "servesBreakfast",
        "servesLunch", "servesDinner", "servesBeer", "servesWine", "servesBrunch", "servesVegetarianFood",
        "currentOpeningHours", "currentSecondaryOpeningHours", "regularSecondaryOpeningHours", "editorialSummary",
        "outdoorSeating", "liveMusic", "menuForChildren", "servesCocktails", "servesDessert", "servesCoffee",
        "goodForChildren", "allowsDogs", "restroom", "goodForGroups", "goodForWatchingSports", "paymentOptions",
        "parkingOptions", "subDestinations", "accessibilityOptions", "fuelOptions", "evChargeOptions",
        "generativeSummary", "containingPlaces", "pureServiceAreaBusiness", "addressDescriptor", "googleMapsLinks",
        "priceRange", "reviewSummary", "evChargeAmenitySummary", "neighborhoodSummary", "consumerAlert", "movedPlace",
        "movedPlaceId", "transitStation",
    ]

    private(set) var fields: Set<String> = []
    private(set) var everything = false
    /// Whether a search's `nextPageToken` was asked for (it is with `*`).
    private(set) var nextPageToken = false

    /// The mask as one text (its fields in order), for an answer cache's key.
    var key: String {
        (everything ? "*" : fields.sorted().joined(separator: ",")) + (nextPageToken ? "+next" : "")
    }

    /// Whether the answer holds `field` (a name of `placeFields`).
    func has(_ field: String) -> Bool { everything || fields.contains(field) }

    /// The mask of a request; `search` for the searches' `places.` paths.
    /// Required: Google answers INVALID_ARGUMENT without one.
    static func read(header: String?, parameters: QueryParameters, search: Bool) throws(RPCError) -> FieldMask {
        guard let text = header ?? parameters["fields"] ?? parameters["$fields"], !text.trimmed().isEmpty else {
            throw .invalidArgument(
                "FieldMask is a required parameter. See https://developers.google.com/maps/documentation/places/web-service/choose-fields"
                    + " (nearby reads it from the X-Goog-FieldMask header or the fields parameter)")
        }
        var mask = FieldMask()
        for part in text.split(separator: ",") {
            let path = String(part.trimmed())
            guard !path.isEmpty else { continue }
            if path == "*" {
                mask.everything = true
                mask.nextPageToken = true
                continue
            }
            var steps = path.split(separator: ".", omittingEmptySubsequences: false).map { camelCase(String($0)) }
            if search {
                if steps == ["nextPageToken"] {
                    mask.nextPageToken = true
                    continue
                }
                guard steps.count >= 2, steps[0] == "places" else {
                    throw .invalidArgument(
                        "Invalid field mask path: \(TerminalSafeText.escaped(path, limit: 80)); a search's paths start with places.")
                }
                steps.removeFirst()
            }
            if steps == ["*"] {
                mask.everything = true
                continue
            }
            guard let field = steps.first, placeFields.contains(field), !steps.contains(where: \.isEmpty) else {
                throw .invalidArgument(
                    "Invalid field mask path: \(TerminalSafeText.escaped(path, limit: 80)), which is not a field of Place")
            }
            mask.fields.insert(field)
        }
        guard mask.everything || mask.nextPageToken || !mask.fields.isEmpty else {
            throw .invalidArgument("FieldMask is a required parameter and names no field")
        }
        return mask
    }

    /// `maxWidthPx` → `max_width_px`, the proto's own spelling, which Google reads too.
    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { out, character in
            if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
        }
    }

    /// `display_name` → `displayName`; camelCase names stay as they are.
    static func camelCase(_ name: String) -> String {
        guard name.contains("_") else { return name }
        var out = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else {
                out += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return out
    }
}
