import Logging
import NearbyService
import ServiceLifecycle
import UnixSignals

/// Reloads the place data on SIGHUP. The service swaps its data whole, so a
/// request answers wholly from the old data or wholly from the new; a
/// reload that fails keeps the old data and logs one line saying why.
struct DataReloadService: Service {
    let service: any ReloadablePlaceService
    /// Made before the server listens, so that a signal sent as soon as it
    /// is ready is caught rather than ending the process.
    let signals: UnixSignalsSequence
    /// False when no reload signal is configured: then the service only
    /// waits for shutdown (a service that returns early stops the server).
    let isTrapping: Bool
    let metrics: ServerMetrics
    let logger: Logger

    func run() async throws {
        guard isTrapping else {
            try? await gracefulShutdown()
            return
        }
        for await signal in signals.cancelOnGracefulShutdown() {
            do throws(NearbyAPIError) {
                let info = try await service.reload()
                metrics.recordReload(succeeded: true)
                metrics.recordDataset(info)
                logger.info("reloaded the places data on \(signal): \(info.placeCount) places")
            } catch {
                metrics.recordReload(succeeded: false)
                logger.error("reload on \(signal) failed, still serving the previous data: \(error.localizedDescription)")
            }
        }
    }
}
