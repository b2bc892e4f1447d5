import NIOCore
import NIOPosix

/// Where the server's Swift tasks run.
public enum ServerThreads {
    /// Makes SwiftNIO's event loops Swift concurrency's global executor, so
    /// that a handler runs on the threads that read and write the sockets.
    /// Without it every request hops from an event loop to the cooperative
    /// pool and back: on two cores that hop cost more than the handler
    /// (Benchmarks/README.md). It is process-wide, so only `serve` asks for it.
    ///
    /// Call once, on the main thread, before the first task runs.
    @discardableResult
    public static func runTasksOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
