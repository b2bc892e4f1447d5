import Dispatch

/// A thread of its own for reading the data again. `serve` runs its tasks on
/// the event loops (`ServerThreads`), and a reload is seconds of blocking
/// reads and decoding: on an event loop it held every request on that loop
/// (an 800,000-place store held /healthz for 6.7 s). Tasks that prefer this
/// executor run here; the new snapshot is swapped in when it is whole.
final class ReloadThread: TaskExecutor {
    private let queue = DispatchQueue(label: "nearby.reload")
    private static let marker = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: Self.marker, value: true)
    }

    /// Whether the code asking runs on a reload thread.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
