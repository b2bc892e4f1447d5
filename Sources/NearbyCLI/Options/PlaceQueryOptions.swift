import ArgumentParser
import NearbyKit
import NearbyService
import NearbyViewModels

/// What `list`, `search` and `feed` ask for, in the same options and the
/// same order: the position, the search (kinds, radius, limit, units, open
/// now), the time (`--at`, `--tz`) and the language.
struct PlaceQueryOptions: ParsableArguments {
    @OptionGroup var position: PositionOptions

    @OptionGroup var search: SearchOptions

    @OptionGroup var time: TimeOptions

    @OptionGroup var language: LanguageOptions

    /// The search these options ask for around `coordinate`.
    func placeSearch(at coordinate: Coordinate) throws -> PlaceSearch {
        try search.search(at: coordinate, time: time, language: language)
    }

    /// The view models' environment for one answer, printed once.
    func printOnceEnvironment(service: any PlaceWebService) throws -> ViewModelEnvironment {
        try PrintOnce.environment(service: service, units: search.units, time: time, language: language)
    }

    /// Runs `answer` once (`list`, `search`): with the position, the place
    /// service of `serviceOptions` (shut down afterwards) and the environment to print in.
    /// `question`: a text that may say where ("cafes in Monte-Carlo", "Monte-Carlo cafes"), which
    /// then needs no position: the search starts from the data's middle and
    /// goes where the text says.
    func answerOnce(
        _ serviceOptions: ServiceOptions, question: String? = nil,
        _ answer: (Coordinate, PlaceServiceRoot, ViewModelEnvironment) async throws -> Void
    ) async throws {
        let read = question.flatMap { try? Question.read($0) }
        let saysWhere = read?.near != nil || read?.placeBesideKind != nil
        if position.near == nil, try position.coordinate() == nil, !saysWhere { _ = try position.requiredCoordinate() }
        try await PlaceServiceRoot.using(serviceOptions) { root in
            let given = try await position.coordinate(using: root.service)
            let middle = given == nil ? try await root.service.datasetInfo().center : nil
            guard let coordinate = given ?? middle else {
                _ = try position.requiredCoordinate()
                return
            }
            try await answer(coordinate, root, try printOnceEnvironment(service: root.service))
        }
    }
}
