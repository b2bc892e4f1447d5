import NearbyKit
import NearbyService

extension PlacesAPINewPlace {
    /// A street, an address point or a town as Place Details gives what is
    /// no place (an id a geocoding answer or a prediction named): its name
    /// (the address's first part), its address, where it lies and what it
    /// is, as the Geocoding API answers it; only the fields the mask asks for.
    init(address candidate: GeocodeCandidate, mask: FieldMask) {
        let result = GeocodeResult(candidate)
        let address = candidate.address
        if mask.has("name") { name = "places/\(result.placeID)" }
        if mask.has("id") { id = result.placeID }
        if mask.has("displayName") {
            displayName = LocalizedText(text: address.formatted.components(separatedBy: ", ").first ?? address.formatted, languageCode: nil)
        }
        if mask.has("types") { types = result.types }
        if mask.has("formattedAddress") { formattedAddress = address.formatted }
        if mask.has("shortFormattedAddress") { shortFormattedAddress = address.short }
        if mask.has("addressComponents"), !address.components.isEmpty {
            addressComponents = address.components.map {
                Component(longText: $0.longName, shortText: $0.shortName, types: $0.kind.googleTypes)
            }
        }
        let geometry = result.geometry
        if mask.has("location") { location = LatLng(latitude: geometry.location.lat, longitude: geometry.location.lng) }
        if mask.has("viewport") {
            viewport = Viewport(
                low: LatLng(latitude: geometry.viewport.southwest.lat, longitude: geometry.viewport.southwest.lng),
                high: LatLng(latitude: geometry.viewport.northeast.lat, longitude: geometry.viewport.northeast.lng))
        }
    }
}
