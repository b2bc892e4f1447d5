import Logging
import NearbyService
import ServiceLifecycle
import UnixSignals

/// Reloads the place data on SIGHUP, when asked to watch whenever the data
/// file has changed (`serve --watch-data`: a look every few seconds, a
/// `stat`), and after each update a `DataFollower` writes. The service swaps
/// its data whole, so a request answers wholly from the old data or wholly
/// from the new; a reload that fails keeps the old data and logs one line
/// saying why.
///
/// The reload runs on a thread of its own (`ReloadThread`), never on an event
/// loop, and a shutdown does not wait for it: it is cancelled, which a store's
/// reads heed (the GeoPackage store's progress handler interrupts SQLite).
struct DataReloadService<Signals: AsyncSequence & Sendable>: Service where Signals.Element == UnixSignal {
    let service: any ReloadablePlaceService
    /// Made before the server listens, so that a signal sent as soon as it
    /// is ready is caught rather than ending the process (a `UnixSignalsSequence`;
    /// tests give a stream of their own).
    let signals: Signals
    /// False when no reload signal is configured.
    let isTrapping: Bool
    /// How often to look whether the data file has changed; nil: never.
    var watchInterval: Duration? = nil
    var follower: (any DataFollower)? = nil
    /// `ServerConfiguration.afterReload`.
    var afterReload: (@Sendable () async throws -> Void)? = nil
    let metrics: ServerMetrics
    let logger: Logger
    let thread = ReloadThread()
    /// The follower's own: an update is seconds of osmium and writing, which
    /// on an event loop would hold every request on it.
    let followerThread = ReloadThread()

    func run() async throws {
        guard isTrapping || watchInterval != nil || follower != nil else {
            // Nothing to do but wait: a service that returns early stops the server.
            try? await gracefulShutdown()
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            if isTrapping {
                group.addTask {
                    for try await signal in signals.cancelOnGracefulShutdown() { await reload(on: "\(signal)") }
                }
            }
            if let watchInterval {
                group.addTask {
                    while !Task.isShuttingDownGracefully,
                        (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: watchInterval) }) != nil
                    {
                        if service.isBehindItsSource() { await reload(on: "a change to the data file") }
                    }
                }
            }
            if let follower {
                group.addTask {
                    do {
                        // Cancelled by the shutdown: an update it is writing is written wholly or not at all.
                        try await cancelWhenGracefulShutdown {
                            try await withTaskExecutorPreference(followerThread) {
                                try await follower.follow { event in await followed(event) }
                            }
                        }
                    } catch  where Task.isShuttingDownGracefully || Task.isCancelled || error is CancellationError {
                    } catch {
                        logger.error("stopped following the replication feed: \(error.localizedDescription); still serving")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    private func followed(_ event: DataFollowerEvent) async {
        switch event {
        case .applied(let sequences, let summary):
            metrics.recordReplicationApplied(sequences: sequences)
            logger.notice("updated the data from its replication feed: \(summary)")
            await reload(on: "an update from the replication feed")
        case .failed(let failure, let reason):
            metrics.recordReplicationFailure(failure)
            logger.error("following the replication feed: \(reason); the data is as it was, and the next look tries again")
        }
    }

    private func reload(on reason: String) async {
        do {
            let (service, thread) = (service, thread)
            let info = try await cancelWhenGracefulShutdown {
                try await withTaskExecutorPreference(thread) { () async throws(NearbyAPIError) -> DatasetInfo in
                    try await service.reload()
                }
            }
            metrics.recordReload(succeeded: true)
            metrics.recordDataset(info)
            logger.info("reloaded the places data on \(reason): \(info.placeCount) places")
            if let afterReload {
                do {
                    try await withTaskExecutorPreference(thread) { try await afterReload() }
                } catch {
                    logger.error("after the reload on \(reason): \(error.localizedDescription)")
                }
            }
        } catch  where Task.isShuttingDownGracefully || Task.isCancelled || error is CancellationError {
            // A shutdown cancels the reload's task, not this loop's, and the store
            // answers a cancelled read with an error of its own: the shutdown is what tells.
            logger.info("the reload on \(reason) was cancelled by the shutdown")
        } catch {
            metrics.recordReload(succeeded: false)
            logger.error("reload on \(reason) failed, still serving the previous data: \(error.localizedDescription)")
        }
    }
}
