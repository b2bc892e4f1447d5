import Foundation
import NearbyService

/// One call of an asynchronous service, as a Combine publisher of its
/// outcome: the call starts when the subscriber first asks for a value,
/// failures arrive as values, and cancelling the subscription (as
/// `switchToLatest` does when a newer load starts) cancels the call.
///
/// The call starts immediately on the subscribing thread and runs until it
/// first suspends, so a service that answers at once answers synchronously:
/// one-shot commands and test schedulers see no extra hop.
struct AsyncResultPublisher<Value: Sendable>: Publisher {
    typealias Output = Result<Value, NearbyAPIError>
    typealias Failure = Never

    let operation: @Sendable () async throws(NearbyAPIError) -> Value

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: Call(subscriber: AnySubscriber(subscriber), operation: operation))
    }

    /// Checked by hand rather than by the compiler: Combine's `Subscriber`
    /// predates `Sendable`, and the subscriber is touched only under the lock
    /// or after being taken out of it, once.
    private final class Call: Subscription, @unchecked Sendable {
        typealias S = AnySubscriber<Output, Never>

        private struct State {
            var subscriber: S?
            var task: Task<Void, Never>?
            var started = false
        }

        private let lock = NSLock()
        private var unguarded: State
        private let operation: @Sendable () async throws(NearbyAPIError) -> Value

        init(subscriber: S, operation: @escaping @Sendable () async throws(NearbyAPIError) -> Value) {
            unguarded = State(subscriber: subscriber)
            self.operation = operation
        }

        private func withState<T>(_ body: (inout State) -> T) -> T {
            lock.withLock { body(&unguarded) }
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > 0,
                withState({ state in
                    defer { state.started = true }
                    return !state.started
                })
            else { return }
            let task = Task.immediate { [self] in
                let result: Output
                do throws(NearbyAPIError) { result = .success(try await operation()) } catch { result = .failure(error) }
                guard
                    let subscriber = withState({ state in
                        defer { state.subscriber = nil }
                        return state.subscriber
                    })
                else { return }
                _ = subscriber.receive(result)
                subscriber.receive(completion: .finished)
            }
            withState { state in
                // Already finished (the call did not suspend) or already cancelled: nothing to keep.
                if state.subscriber == nil { task.cancel() } else { state.task = task }
            }
        }

        func cancel() {
            let task = withState { state in
                state.subscriber = nil
                defer { state.task = nil }
                return state.task
            }
            task?.cancel()
        }
    }
}
