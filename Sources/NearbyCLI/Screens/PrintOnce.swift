import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// `list` and `show` print one screen and exit: their view models publish
/// as soon as the service answers (an immediate main scheduler), and the
/// command waits for that answer, however long a remote service takes.
enum PrintOnce {
    static func environment(
        service: any PlaceWebService, units: DistanceUnit, time: TimeOptions, language: LanguageOptions
    ) throws -> ViewModelEnvironment {
        ViewModelEnvironment(
            placeService: service, mainScheduler: MainScheduler.immediate,
            now: try time.clock(), units: units, timeZone: try time.timeZone(), language: language.lang)
    }

    /// Triggers a load and returns once its outcome is known, throwing the failure.
    static func load(_ trigger: PassthroughSubject<Void, Never>, outcome: AnyPublisher<Result<Void, NearbyAPIError>, Never>) async throws {
        if case .failure(let error) = await FirstOutcome.of(trigger, outcome: outcome) { throw CLIError(error) }
    }

    /// Types the whole text at once and returns when the search has answered,
    /// throwing its failure.
    static func search(_ text: String, in viewModel: SearchViewModel) async throws {
        if case .failed(let error) = await FirstOutcome.search(text, in: viewModel) { throw CLIError(error) }
    }
}
