import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// `list` and `show` print one screen and exit: their view models publish
/// as soon as the service answers (an immediate main scheduler), and the
/// command waits for that answer, however long a remote service takes.
enum OneShot {
    static func environment(
        service: any PlaceWebService, units: DistanceUnit, time: TimeOptions, language: LanguageOptions
    ) throws -> ViewModelEnvironment {
        ViewModelEnvironment(
            placeService: service, mainScheduler: .immediate,
            now: try time.clock(), units: units, timeZone: try time.timeZone(), language: language.lang)
    }

    /// Triggers a load and returns once its outcome is known, throwing the failure.
    static func load(_ trigger: PassthroughSubject<Void, Never>, outcome: AnyPublisher<Result<Void, NearbyAPIError>, Never>) async throws {
        let subscription = Subscription()
        let result = await withCheckedContinuation { continuation in
            subscription.cancellable = outcome.first().sink { continuation.resume(returning: $0) }
            trigger.send()
        }
        subscription.cancellable = nil
        if case .failure(let error) = result { throw CLIError(error) }
    }

    /// Types the whole text at once and returns when the search has answered,
    /// throwing its failure.
    static func search(_ text: String, in viewModel: SearchViewModel) async throws {
        let subscription = Subscription()
        let state = await withCheckedContinuation { continuation in
            subscription.cancellable = viewModel.$state.dropFirst().first { $0 != .searching }
                .sink { continuation.resume(returning: $0) }
            viewModel.text.send(text)
        }
        subscription.cancellable = nil
        if case .failed(let error) = state { throw CLIError(error) }
    }

    /// Keeps the outcome's subscription alive while the command waits.
    private final class Subscription {
        var cancellable: AnyCancellable?
    }
}

extension PlaceCategoryGroup {
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
