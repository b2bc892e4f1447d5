import Foundation
import NearbyKit
import NearbyService

/// Google's nearbysearch parameters, translated into a `PlaceSearch`:
/// `location`, `radius`, `rankby`, `type`, `exclude_type`, `keyword`,
/// `opennow`, `at`, `language`. Others (`key`) are accepted and ignored, as
/// clients send them. A page token carries its search in this form too
/// (`NearbySearchParameters` writes it), so it is read back here.
enum NearbySearchQuery {
    static let maximumKeywordBytes = PlaceSearch.maximumNameBytes

    /// An `at` without an offset is wall-clock time in `localZone` (the dataset's).
    static func search(_ parameters: QueryParameters, localZone: TimeZone) throws(NearbyAPIError) -> PlaceSearch {
        guard let location = parameters["location"] else { throw .invalidRequest("missing the location parameter (location=LAT,LNG)") }
        let center = try SearchParameters.location(location)

        let radius: SearchRadius
        switch parameters["rankby"] {
        case nil, "prominence":
            // The legacy API stays nearest first either way (its answers and tokens predate
            // `Place.prominence`, which the Places API (New) ranks by).
            guard let text = parameters["radius"] else {
                throw .invalidRequest("missing the radius parameter (metres), required unless rankby=distance")
            }
            radius = try SearchParameters.radius(text)
        case "distance":
            // As Google: rankby=distance ranks the whole world and takes no radius.
            guard !parameters.contains("radius") else { throw .invalidRequest("radius must not be given with rankby=distance") }
            radius = .maximum
        default:
            throw .invalidRequest("rankby must be prominence or distance")
        }

        var search = PlaceSearch(around: center, radius: radius)
        search.kinds = try SearchParameters.kinds(parameters.all("type"), parameter: "type")
        search.excludedKinds = try SearchParameters.kinds(parameters.all("exclude_type"), parameter: "exclude_type")
        let words = parameters["keyword"].map { String($0.trimmed(newlines: true)) }
        search.name = words?.isEmpty == false ? words : nil
        if let name = search.name, name.utf8.count > maximumKeywordBytes {
            throw .invalidRequest("keyword is longer than \(maximumKeywordBytes) bytes")
        }
        search.openNow = try SearchParameters.openNow(parameters["opennow"])
        search.instant = try parameters["at"].map { text throws(NearbyAPIError) in
            try SearchParameters.instant(text, localZone: localZone)
        }
        search.language = try SearchParameters.language(parameters["language"])
        return search
    }
}
