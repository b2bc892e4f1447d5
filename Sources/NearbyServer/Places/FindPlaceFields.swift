import NearbyKit
import NearbyService

/// findplacefromtext's `fields`: Google's legacy names, comma-separated, a
/// part of a compound field after a slash (`geometry/location`). A name
/// Google does not know is refused, as Google refuses it; those nearby has
/// no data for (ratings, prices, icons, plus codes, a viewport) are
/// accepted and left out of the answer, as Google leaves out what it does not know.
public struct FindPlaceFields: Hashable, Sendable {
    static let known: Set<String> = [
        "business_status", "formatted_address", "geometry", "geometry/location", "geometry/location/lat",
        "geometry/location/lng", "geometry/viewport", "geometry/viewport/northeast", "geometry/viewport/northeast/lat",
        "geometry/viewport/northeast/lng", "geometry/viewport/southwest", "geometry/viewport/southwest/lat",
        "geometry/viewport/southwest/lng", "icon", "icon_background_color", "icon_mask_base_uri", "name", "opening_hours",
        "permanently_closed", "photos", "place_id", "plus_code", "price_level", "rating", "types", "user_ratings_total",
    ]

    /// The names asked for; none given: `place_id` alone.
    public let names: Set<String>

    init(_ text: String?) throws(NearbyAPIError) {
        guard let text, !text.isEmpty else {
            names = ["place_id"]
            return
        }
        var names: Set<String> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0.trimmed()) }) {
            guard Self.known.contains(name) else {
                throw .invalidRequest("fields: unknown field \(TerminalSafeText.escaped(name, limit: 40))")
            }
            names.insert(name)
        }
        self.names = names
    }

    /// Whether the candidate shows `field`, or a part of it.
    func has(_ field: String) -> Bool {
        names.contains { $0 == field || $0.hasPrefix(field + "/") }
    }

    /// `result` cut to the fields asked for.
    func candidate(_ result: PlaceResult) -> FindPlaceResponse.Candidate {
        var candidate = FindPlaceResponse.Candidate()
        if has("place_id") { candidate.placeID = result.placeID }
        if has("name") { candidate.name = result.name }
        if has("formatted_address") { candidate.formattedAddress = result.formattedAddress }
        if has("geometry/location") || names.contains("geometry") { candidate.geometry = result.geometry }
        if has("types") { candidate.types = result.types }
        if has("business_status") { candidate.businessStatus = result.businessStatus }
        if has("opening_hours") { candidate.openingHours = result.openingHours }
        if has("photos") { candidate.photos = result.photos }
        return candidate
    }
}
