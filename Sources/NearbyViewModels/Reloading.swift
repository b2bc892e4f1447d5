import Foundation
import NearbyService

extension ViewModelEnvironment {
    /// The load-data mechanism every screen shares: each event starts a
    /// fetch on the background scheduler and cancels the one in flight, so
    /// the latest event wins and overlapping refreshes never interleave.
    /// Results, failures included, arrive on the main scheduler as values:
    /// the stream never ends, so a failed refresh does not stop later ones.
    func reloads<Output>(
        on events: some Publisher<Void, Never>,
        fetch: @escaping () -> AnyPublisher<Output, NearbyAPIError>
    ) -> AnyPublisher<Result<Output, NearbyAPIError>, Never> {
        let background = backgroundScheduler, main = mainScheduler
        return events
            .map { _ in
                fetch()
                    .subscribe(on: background)
                    .map(Result.success)
                    .catch { Just(.failure($0)) }
                    .receive(on: main)
            }
            .switchToLatest()
            .eraseToAnyPublisher()
    }
}
