import Foundation
import NearbyKit

/// One line of a place list or a home section.
public struct PlaceRowViewModel: Equatable, Identifiable, Sendable {
    public var id: PlaceID { place.id }
    public var place: Place
    /// The name in the environment's language where the place has one.
    public var name: String
    public var category: PlaceCategory { place.category }
    /// Its kind's name in the environment's language where the vocabulary has it.
    public var kindName: String
    /// Metres from the user, as the service measured them.
    public var distance: Double
    /// "0.18 mi".
    public var distanceText: String
    public var openStatus: OpenStatus
    /// In a name search's results, the name that matched where it is not
    /// `name` (`NameQuery.matchedName(of:shown:)`): why the place is there.
    public var matchedName: MatchedName?

    public init(hit: PlaceHit, at instant: Date, environment: ViewModelEnvironment) {
        place = hit.place
        name = hit.place.name(in: environment.language)
        kindName = hit.place.category.singularName(in: environment.language).text
        distance = hit.distance
        distanceText = environment.units.format(metres: distance)
        openStatus = OpenStatus(place: place, at: instant, defaultTimeZone: environment.timeZone)
    }
}

extension PlaceRowViewModel {
    /// "old name: Pavillons des Boulingrins", or nil.
    public var matchedNameText: String? {
        guard let matchedName else { return nil }
        let key = matchedName.key
        let label =
            switch key {
            case "name": "local name"
            case "alt_name": "also called"
            case "brand": "brand"
            case "official_name": "official name"
            case "old_name": "old name"
            case "short_name": "short name"
            default: key.hasPrefix(NameQuery.nameTagPrefix) ? "name in \(key.dropFirst(NameQuery.nameTagPrefix.count))" : key
            }
        return "\(label): \(matchedName.text)"
    }

    /// The row's pin on a map of the list, carrying the number the row is printed with.
    public func annotation(number: Int) -> Annotation {
        Annotation(
            coordinate: place.coordinate, title: name, subtitle: kindName,
            category: place.category, label: String(number))
    }
}

extension [PlaceRowViewModel] {
    /// The first instant one of these places opens or closes: until then
    /// every row's status, and so what a screen of them shows, holds.
    public var nextChange: Date? {
        lazy.compactMap(\.openStatus.nextChange).min()
    }

    /// The pins of a list, numbered 1, 2, 3 in the order the rows are printed.
    public var numberedAnnotations: [Annotation] {
        enumerated().map { index, row in row.annotation(number: index + 1) }
    }
}
