import Foundation
import NearbyService

/// For views that show one screen and are done — a command, a web page:
/// they send one event and render once its outcome is known, however long
/// the service takes. The view model must publish on an immediate scheduler.
public enum FirstOutcome {
    /// Sends `trigger` and returns the first outcome that follows it.
    public static func of(
        _ trigger: PassthroughSubject<Void, Never>, outcome: AnyPublisher<Result<Void, NearbyAPIError>, Never>
    ) async -> Result<Void, NearbyAPIError> {
        let subscription = Subscription()
        let result = await withCheckedContinuation { continuation in
            subscription.cancellable = outcome.first().sink { continuation.resume(returning: $0) }
            trigger.send()
        }
        subscription.cancellable = nil
        return result
    }

    /// Types the whole text at once and returns the state the search ends in.
    /// A text too short to search ends idle at once.
    public static func search(_ text: String, in viewModel: SearchViewModel) async -> SearchViewModel.State {
        let subscription = Subscription()
        let state = await withCheckedContinuation { continuation in
            subscription.cancellable = viewModel.$state.dropFirst().first { $0 != .searching }
                .sink { continuation.resume(returning: $0) }
            viewModel.text.send(text)
        }
        subscription.cancellable = nil
        return state
    }

    /// Keeps the outcome's subscription alive while the caller waits.
    private final class Subscription {
        var cancellable: AnyCancellable?
    }
}
