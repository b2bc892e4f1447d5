import ArgumentParser
import NearbyKit
import NearbyService
import NearbyViewModels

/// What `list` and `feed` both search for, validated alike.
struct SearchOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Only places of this kind (repeatable): a category or a whole group \
            (\(PlaceCategoryGroup.allValueStrings.joined(separator: ", ")); `nearby categories` lists them all).
            """,
            valueName: "kind"))
    var category: [String] = []

    @Option(name: .long, help: ArgumentHelp("Leave out places of this kind, category or group (repeatable).", valueName: "kind"))
    var excludeCategory: [String] = []

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Search radius in metres, at most \(Int(maximumRadius)) (half the equator).", valueName: "m"),
        transform: { try DecimalNumber.parse($0) })
    var radius: Double = PlaceQuery.defaultRadius

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("At most this many places (per section in the home feed; default 3 there, all in a list).", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: "Distance units: mi or km.")
    var units: DistanceUnit = .miles

    @Flag(name: .long, help: "Only places open now (or at --at), by their opening_hours.")
    var openNow = false

    /// Half the equator: no two places on Earth are farther apart.
    static let maximumRadius = 20_037_508.0

    func validate() throws {
        _ = try categories()
        _ = try excludedCategories()
        guard radius.isFinite, radius > 0 else { throw ValidationError("--radius must be a positive number of metres, not \(radius)") }
        guard radius <= Self.maximumRadius else {
            throw ValidationError("--radius must be at most \(Int(Self.maximumRadius)) metres (half the equator), not \(radius)")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
    }

    /// The categories named by repeated `--category` options, groups expanded.
    func categories() throws -> Set<PlaceCategory> {
        try Self.kinds(category, option: "--category")
    }

    func excludedCategories() throws -> Set<PlaceCategory> {
        try Self.kinds(excludeCategory, option: "--exclude-category")
    }

    private static func kinds(_ names: [String], option: String) throws -> Set<PlaceCategory> {
        Set(
            try names.flatMap { name in
                if let category = PlaceCategory(userInput: name) { return [category] }
                if let group = PlaceCategoryGroup(userInput: name) { return group.categories }
                throw ValidationError(
                    "\(option): unknown kind \(TerminalSafeText.escaped(name, limit: 60)); name a category or a group "
                        + "(\(PlaceCategoryGroup.allValueStrings.joined(separator: ", "))), or see `nearby categories`")
            })
    }

    /// The home screen, or with `--category` that list, bound to its view model.
    func screen(at coordinate: Coordinate, environment: ViewModelEnvironment) throws -> HomeOrListScreen {
        let categories = try categories()
        let excluded = try excludedCategories()
        if categories.isEmpty {
            return .home(
                HomeViewModel(
                    userCoordinate: coordinate, radius: radius, excluding: excluded,
                    perSection: limit ?? HomeViewModel.defaultPlacesPerSection, openNowOnly: openNow, environment: environment),
                units: units)
        }
        return .list(
            PlaceListViewModel(
                categories: categories, excluding: excluded, userCoordinate: coordinate, radius: radius, limit: limit,
                openNowOnly: openNow, environment: environment))
    }

    /// A name search with the same kinds, radius, limit and open-now filter.
    func searchViewModel(at coordinate: Coordinate, environment: ViewModelEnvironment) throws -> SearchViewModel {
        SearchViewModel(
            userCoordinate: coordinate, radius: radius, categories: try categories(), excluding: try excludedCategories(),
            limit: limit, openNowOnly: openNow, environment: environment)
    }
}

extension PlaceCategoryGroup {
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
