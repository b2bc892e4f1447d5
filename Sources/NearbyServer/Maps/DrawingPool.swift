import DequeModule
import Dispatch
import Hummingbird
import NIOConcurrencyHelpers

/// Where maps are drawn: on threads of their own, at most `width` at once,
/// the next `queue` waiting their turn and any more refused (a 503 that says
/// to come back). Drawing a large map is a core's work for a good fraction
/// of a second; on the event loops, 48 of them at once held /healthz for 3.4 s.
final class DrawingPool: Sendable {
    let width: Int
    let queue: Int
    private let metrics: ServerMetrics
    private let threads = DrawingThreads()
    private let state = NIOLockedValueBox(State())

    private enum Decision { case draw, wait, refuse }

    private struct State {
        var drawing = 0
        var waiting: Deque<CheckedContinuation<Bool, Never>> = []
    }

    /// What a client turned away is told.
    static let busy = "the server is drawing as many maps as it takes at once; try again shortly"

    /// The API's answer to a map or tile turned away: 503, come back in a second.
    static func refusal(_ json: JSONBody) -> Response {
        json.error(.overQueryLimit, busy, http: .serviceUnavailable, extraHeaders: [.retryAfter: "1"])
    }

    init(width: Int, queue: Int, metrics: ServerMetrics) {
        self.width = max(1, width)
        self.queue = max(0, queue)
        self.metrics = metrics
    }

    /// `body`'s result, computed on the pool's threads once there is room;
    /// nil, at once, when as many maps are drawing and waiting as the pool takes.
    func draw<T>(_ body: () async -> T) async -> T? {
        let admitted = await withCheckedContinuation { (turn: CheckedContinuation<Bool, Never>) in
            let decision = state.withLockedValue { state -> Decision in
                if state.drawing < width {
                    state.drawing += 1
                    return .draw
                }
                guard state.waiting.count < queue else { return .refuse }
                state.waiting.append(turn)
                return .wait
            }
            switch decision {
            case .draw: turn.resume(returning: true)
            case .refuse: turn.resume(returning: false)
            case .wait: break  // resumed by the drawing that ends before it
            }
        }
        guard admitted else {
            metrics.recordMapRefused()
            return nil
        }
        defer { leave() }
        return await withTaskExecutorPreference(threads) { await body() }
    }

    /// Hands the slot to the longest waiting, or frees it.
    private func leave() {
        let next = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
            if let next = state.waiting.popFirst() { return next }
            state.drawing -= 1
            return nil
        }
        next?.resume(returning: true)
    }
}

/// The drawing tasks' executor: Dispatch's global threads, which the pool's
/// width keeps from growing past it.
private final class DrawingThreads: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.global(qos: .userInitiated).async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
