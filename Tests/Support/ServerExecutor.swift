import DequeModule
import Foundation

/// Threads of the in-process test servers' own, for their tasks to prefer
/// (`Task(executorPreference:)`; the child tasks that handle connections,
/// and the default actors they call, follow the preference).
///
/// In `serve` nothing else shares the server's threads. In the test process
/// every test runs at once on Swift's cooperative pool, two threads here, and
/// under a sanitizer on a busy machine the compute-heavy tests kept a server's
/// handlers waiting longer than its clients' 30-s limits (CI, November 2026).
public final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    /// Shared by every server a test process starts.
    public static let shared = ServerExecutor(threads: 4)
    /// What its threads are called, as the OS shows it: a test can tell that work ran on them.
    public static let threadName = "test server"

    private let condition = NSCondition()
    private var jobs = Deque<UnownedJob>()  // guarded by condition

    init(threads: Int) {
        for _ in 0..<threads { Thread { [unowned self] in work() }.start() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        Thread.current.name = Self.threadName  // set from the thread itself, so that the OS shows it
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
