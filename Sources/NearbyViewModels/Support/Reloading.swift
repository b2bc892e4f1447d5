import Foundation
import NearbyService

extension ViewModelEnvironment {
    /// The load-data mechanism every screen shares, where the asynchronous
    /// service meets Combine: each event starts a call and cancels the one in
    /// flight, so the latest event wins and overlapping refreshes never
    /// interleave. Outcomes, failures included, arrive on the main scheduler
    /// as values: the stream never ends, so a failed refresh does not stop
    /// later ones.
    ///
    /// An event carries what the call needs that the view model holds (the
    /// user's position at the moment of the event), so the call itself
    /// touches nothing of the view model's.
    func reloads<Event: Sendable, Value: Sendable>(
        on events: some Publisher<Event, Never>,
        fetch: @escaping @Sendable (Event) async throws(NearbyAPIError) -> Value
    ) -> AnyPublisher<Result<Value, NearbyAPIError>, Never> {
        let main = mainScheduler
        return
            events
            .map { event in AsyncResultPublisher { () async throws(NearbyAPIError) -> Value in try await fetch(event) }.receive(on: main) }
            .switchToLatest()
            .eraseToAnyPublisher()
    }
}
