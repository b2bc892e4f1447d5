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
        help: ArgumentHelp("Search radius in metres, at most \(Int(SearchRadius.maximumMetres)) (half the equator).", valueName: "m"),
        transform: { try DecimalNumber.parse($0) })
    var radius: Double = SearchRadius.default.metres

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("At most this many places (per section in the home feed; default 3 there, all in a list).", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: "Distance units: mi or km.")
    var units: DistanceUnit = .miles

    @Flag(name: .long, help: "Only places open now (or at --at), by their opening_hours.")
    var openNow = false

    func validate() throws {
        _ = try categories()
        _ = try excludedCategories()
        _ = try searchRadius()
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
    }

    /// `--radius`, read as a decimal (`DecimalNumber`), held to the radius rule.
    private func searchRadius() throws -> SearchRadius {
        do {
            return try SearchRadius(metres: radius)
        } catch {
            switch error {
            case .tooLarge:
                throw ValidationError(
                    "--radius must be at most \(Int(SearchRadius.maximumMetres)) metres (half the equator), not \(radius)")
            case .notPositive, .notDecimal: throw ValidationError("--radius must be a positive number of metres, not \(radius)")
            }
        }
    }

    /// The categories named by repeated `--category` options, groups expanded.
    func categories() throws -> Set<PlaceCategory> {
        try Self.kinds(category, option: "--category")
    }

    func excludedCategories() throws -> Set<PlaceCategory> {
        try Self.kinds(excludeCategory, option: "--exclude-category")
    }

    private static func kinds(_ names: [String], option: String) throws -> Set<PlaceCategory> {
        do {
            return try KindList.read(names)
        } catch {
            throw ValidationError(
                "\(option): unknown kind \(TerminalSafeText.escaped(error.name, limit: 60)); name a category or a group "
                    + "(\(PlaceCategoryGroup.allValueStrings.joined(separator: ", "))), or see `nearby categories`")
        }
    }

    /// The search these options ask for around `coordinate`, at `--at`, in `--lang`.
    func search(at coordinate: Coordinate, time: TimeOptions, language: LanguageOptions) throws -> PlaceSearch {
        PlaceSearch(
            area: .circle(center: coordinate, radius: try searchRadius()), kinds: try categories(),
            excludedKinds: try excludedCategories(), limit: limit, openNow: openNow, instant: try time.instant(),
            language: language.lang)
    }

    /// The home screen, or with kinds that list, bound to its view model.
    func screen(for search: PlaceSearch, environment: ViewModelEnvironment) -> HomeOrListScreen {
        search.kinds.isEmpty
            ? .home(HomeViewModel(search: search, environment: environment), units: units)
            : .list(PlaceListViewModel(search: search, environment: environment))
    }
}

extension PlaceCategoryGroup {
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
