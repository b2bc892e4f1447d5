import CoreMetrics
import Foundation
import Metrics
import NIOConcurrencyHelpers
import NearbyService
import Prometheus

/// The server's metrics, in a registry of its own: requests by route, method
/// and status, their latency as histograms, and the dataset's size, load
/// time and replication state. Metrics are made through swift-metrics' API with this registry's
/// factory passed in, not through the process-wide `MetricsSystem`, so that
/// several servers in one process (the tests) each count their own requests
/// and nothing has to be bootstrapped once per process.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let endpoints = NIOLockedValueBox<[EndpointKey: Endpoint]>([:])
    private let placeCount: CoreMetrics.Gauge
    private let loadedAt: CoreMetrics.Gauge
    /// Where the data stands in OpenStreetMap's replication, and how far
    /// behind now that is at the scrape (`time() - …_timestamp_seconds`, for
    /// an alert that needs no arithmetic).
    private let replicationTimestamp: CoreMetrics.Gauge
    private let replicationSequence: CoreMetrics.Gauge
    private let replicationLag: CoreMetrics.Gauge
    private let reloads: CoreMetrics.Counter
    private let failedReloads: CoreMetrics.Counter
    /// What `serve --replication` applied, in replication sequences, and the looks that failed, by stage.
    private let sequencesApplied: CoreMetrics.Counter
    private let followerFailures: [DataFollowerEvent.Failure: CoreMetrics.Counter]
    private let openConnections: CoreMetrics.Gauge
    private let openConnectionCount = NIOLockedValueBox(0)
    private let refusedConnections: CoreMetrics.Counter
    private let cutOffRequests: [String: CoreMetrics.Counter]
    private let refusedMaps: CoreMetrics.Counter

    struct EndpointKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    struct Endpoint: Sendable {
        let requests: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        // Most answers take well under a millisecond; the buckets resolve that.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        ]
        self.factory = factory
        placeCount = CoreMetrics.Gauge(label: "nearby_dataset_places", factory: factory)
        loadedAt = CoreMetrics.Gauge(label: "nearby_dataset_loaded_timestamp_seconds", factory: factory)
        replicationTimestamp = CoreMetrics.Gauge(label: "nearby_dataset_replication_timestamp_seconds", factory: factory)
        replicationSequence = CoreMetrics.Gauge(label: "nearby_dataset_replication_sequence", factory: factory)
        replicationLag = CoreMetrics.Gauge(label: "nearby_dataset_replication_lag_seconds", factory: factory)
        reloads = CoreMetrics.Counter(label: "nearby_dataset_reloads_total", dimensions: [("result", "ok")], factory: factory)
        failedReloads = CoreMetrics.Counter(label: "nearby_dataset_reloads_total", dimensions: [("result", "failed")], factory: factory)
        sequencesApplied = CoreMetrics.Counter(label: "nearby_replication_sequences_applied_total", factory: factory)
        followerFailures = Dictionary(
            uniqueKeysWithValues: [DataFollowerEvent.Failure.fetch, .update].map { stage in
                (
                    stage,
                    CoreMetrics.Counter(
                        label: "nearby_replication_failures_total", dimensions: [("stage", stage.rawValue)], factory: factory)
                )
            })
        openConnections = CoreMetrics.Gauge(label: "nearby_connections_open", factory: factory)
        refusedConnections = CoreMetrics.Counter(label: "nearby_connections_refused_total", factory: factory)
        refusedMaps = CoreMetrics.Counter(label: "nearby_maps_refused_total", factory: factory)
        cutOffRequests = Dictionary(
            uniqueKeysWithValues: ["deadline", "body"].map { reason in
                (reason, CoreMetrics.Counter(label: "nearby_requests_cut_off_total", dimensions: [("reason", reason)], factory: factory))
            })
    }

    func recordRequest(route: String, method: String, status: Int, nanoseconds: Int64) {
        let key = EndpointKey(route: route, method: method, status: status)
        let endpoint = endpoints.withLockedValue { endpoints in
            if let known = endpoints[key] { return known }
            let dimensions = [("route", route), ("method", method), ("status", String(status))]
            let made = Endpoint(
                requests: CoreMetrics.Counter(label: "http_requests_total", dimensions: dimensions, factory: factory),
                duration: CoreMetrics.Timer(label: "http_request_duration_seconds", dimensions: dimensions, factory: factory))
            endpoints[key] = made
            return made
        }
        endpoint.requests.increment()
        endpoint.duration.recordNanoseconds(nanoseconds)
    }

    func recordDataset(_ info: DatasetInfo, now: Date = Date()) {
        placeCount.record(info.placeCount)
        loadedAt.record(info.loadedAt.timeIntervalSince1970)
        if let timestamp = info.replication?.timestamp {
            replicationTimestamp.record(timestamp.timeIntervalSince1970)
            replicationLag.record(now.timeIntervalSince(timestamp))
        }
        if let sequence = info.replication?.sequence { replicationSequence.record(sequence) }
    }

    func recordConnectionOpened() {
        openConnections.record(
            openConnectionCount.withLockedValue {
                $0 += 1
                return $0
            })
    }

    func recordConnectionClosed() {
        openConnections.record(
            openConnectionCount.withLockedValue {
                $0 -= 1
                return $0
            })
    }

    /// A connection turned away at the maximum (`ConnectionGate`).
    func recordConnectionRefused() {
        refusedConnections.increment()
    }

    /// A connection closed because its request took too long to arrive ("deadline")
    /// or carried a body larger than any route takes ("body").
    func recordRequestCutOff(reason: String) {
        cutOffRequests[reason]?.increment()
    }

    /// A map turned away because the drawing pool and its queue were full.
    func recordMapRefused() {
        refusedMaps.increment()
    }

    func recordReload(succeeded: Bool) {
        (succeeded ? reloads : failedReloads).increment()
    }

    func recordReplicationApplied(sequences: Int) {
        sequencesApplied.increment(by: sequences)
    }

    func recordReplicationFailure(_ stage: DataFollowerEvent.Failure) {
        followerFailures[stage]?.increment()
    }

    /// The Prometheus text exposition of every metric.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
