import Foundation
import Logging
import NearbyKit
import NearbyService
import ServiceLifecycle
import Synchronization
import Testing
import UnixSignals

@testable import NearbyServer

/// A reload is seconds of blocking reads: it runs on a thread of its own, not
/// on the event loops the requests need, and a shutdown cancels it instead
/// of waiting for it (a store that made it spin held SIGTERM for a minute).
struct ReloadThreadTests {
    @Test func aReloadRunsOffTheEventLoopsAndAShutdownCancelsIt() async throws {
        let probe = ReloadProbe(base: LocalPlaceService(dataURL: Repository.places))
        let (signals, sink) = AsyncStream.makeStream(of: UnixSignal.self)
        var logger = Logger(label: "nearby.serve.test")
        logger.logLevel = .critical
        let metrics = ServerMetrics()
        let reloader = DataReloadService(service: probe, signals: signals, isTrapping: true, metrics: metrics, logger: logger)
        let group = ServiceGroup(services: [reloader], logger: logger)
        let run = Task { try await group.run() }
        sink.yield(.sighup)
        var started = false
        for _ in 0..<3_000 where !started {
            started = probe.state.withLock { $0.started }
            if !started { try await Task.sleep(for: .milliseconds(10)) }
        }
        try #require(started, "the reload began")
        await group.triggerGracefulShutdown()
        try await run.value  // before the fix: only once the probe gave up
        let state = probe.state.withLock { $0 }
        #expect(state.onReloadThread)
        #expect(state.sawCancellation)
        // Cancelled, not failed: the data was good (once counted and logged as a failed reload).
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains(#"nearby_dataset_reloads_total{result="failed"} 0"#))
    }
}

/// A service whose reload notes where it runs, then blocks its thread, as a
/// long read of a store does, until its task is cancelled (or ten minutes
/// pass: the whole suite under AddressSanitizer on two cores once starved the
/// cooperative pool, which delivers the cancellation, for over a minute).
final class ReloadProbe: ReloadablePlaceService {
    struct State: Sendable {
        var started = false
        var onReloadThread = false
        var sawCancellation = false
    }

    let base: LocalPlaceService
    let state = Mutex(State())

    init(base: LocalPlaceService) { self.base = base }

    func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] { try await base.fetchPlaces(query) }
    func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place { try await base.fetchPlace(id: id) }
    func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo { try await base.datasetInfo() }
    func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        try await base.address(at: position, language: language)
    }
    func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        try await base.geocode(request)
    }

    func reload() async throws(NearbyAPIError) -> DatasetInfo {
        state.withLock {
            $0.started = true
            $0.onReloadThread = ReloadThread.isCurrent
        }
        let until = ContinuousClock.now + .seconds(600)
        while !Task.isCancelled, ContinuousClock.now < until { usleep(10_000) }
        state.withLock { $0.sawCancellation = Task.isCancelled }
        throw .serviceUnavailable("the reload was given up")
    }

    func isBehindItsSource() -> Bool { base.isBehindItsSource() }
}
