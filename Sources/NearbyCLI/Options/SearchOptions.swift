import ArgumentParser
import NearbyKit
import NearbyService
import NearbyViewModels

/// What `list` and `feed` both search for, validated alike.
struct SearchOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Only this category (repeatable): \(PlaceCategory.allValueStrings.joined(separator: ", ")).", valueName: "category"))
    var category: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Search radius in metres, at most \(Int(maximumRadius)) (half the equator).", valueName: "m"),
            transform: { try DecimalNumber.parse($0) })
    var radius: Double = PlaceQuery.defaultRadius

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("At most this many places (per section in the home feed; default 3 there, all in a list).", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: "Distance units: mi or km.")
    var units: DistanceUnit = .miles

    @Flag(name: .long, help: "Only places open now (or at --at), by their opening_hours.")
    var openNow = false

    /// Half the equator: no two places on Earth are farther apart.
    static let maximumRadius = 20_037_508.0

    func validate() throws {
        _ = try categories()
        guard radius.isFinite, radius > 0 else { throw ValidationError("--radius must be a positive number of metres, not \(radius)") }
        guard radius <= Self.maximumRadius else {
            throw ValidationError("--radius must be at most \(Int(Self.maximumRadius)) metres (half the equator), not \(radius)")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
    }

    /// The categories named by repeated `--category` options.
    func categories() throws -> Set<PlaceCategory> {
        Set(try category.map { name in
            guard let category = PlaceCategory(userInput: name) else {
                throw ValidationError("unknown category \(name); choose from \(PlaceCategory.allValueStrings.joined(separator: ", "))")
            }
            return category
        })
    }

    /// The home screen, or with `--category` that list, bound to its view model.
    func screen(at coordinate: Coordinate, environment: ViewModelEnvironment) throws -> PlacesScreen {
        let categories = try categories()
        if categories.isEmpty {
            return .home(HomeViewModel(
                userCoordinate: coordinate, radius: radius, perSection: limit ?? HomeViewModel.defaultPlacesPerSection,
                openNowOnly: openNow, environment: environment), units: units)
        }
        return .list(PlaceListViewModel(
            categories: categories, userCoordinate: coordinate, radius: radius, limit: limit, openNowOnly: openNow,
            environment: environment))
    }
}
