import Foundation
import Logging
import NearbyKit
import NearbyService
import Synchronization
import Testing

@testable import NearbyServer

/// A store that stops answering (PostgreSQL stopped) makes every request fail
/// the same way: the log says so once, then counts, instead of a line a request.
struct OutageLogTests {
    @Test func anOutageIsLoggedOnceThenCounted() async throws {
        let lines = LogLines()
        let logger = Logger(label: "nearby.serve.test") { _ in lines }
        let outage = Outage()
        let service = FailingService(base: LocalPlaceService(dataURL: Repository.places), failing: outage)
        let server = try await RunningServer.start(NearbyServer.ServerConfiguration(service: service), logger: logger)
        outage.started.withLock { $0 = true }
        let started = ContinuousClock.now
        for path in ["/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=500", "/api/dataset", "/?lat=43.7384&lon=7.4246"] {
            for _ in 0..<40 { #expect(try await server.get(path).status == 503, "\(path)") }
        }
        let windows = Int((ContinuousClock.now - started).components.seconds / 10) + 1
        try await server.stop()
        let errors = lines.messages.filter { $0.level == .error }.map(\.text)
        let said = [
            "cannot answer: the store at postgresql://127.0.0.1/nearby refused the connection",
            "cannot show a page: the store at postgresql://127.0.0.1/nearby refused the connection",
        ]
        // Each failure said once as it is, then at most once more every 10 s — with its count, or as it is
        // again when no request failed so in between (a slow run, ASan's: 368 s for these 120 requests).
        var first: [String] = []
        for line in errors {
            guard let failure = said.first(where: { line.hasPrefix($0) }) else { continue }
            if !first.contains(failure) {
                first.append(failure)
                #expect(line == failure, "the first line of a failure has no count: \(line)")
            }
        }
        #expect(first == said, "\(errors)")
        #expect(errors.allSatisfy { line in said.contains { line.hasPrefix($0) } }, "\(errors)")
        #expect(errors.count <= said.count * windows, "\(errors.count) lines for 120 failed requests in \(windows) windows of 10 s")
    }
}

final class Outage: Sendable {
    let started = Mutex(false)
}

extension OutageLogTests {
    /// The count of lines not said is given with the next line said.
    @Test func theRepeatsAreCountedInTheNextLine() {
        let lines = LogLines()
        let start = ContinuousClock.now
        let clock = Mutex(start)
        let log = FailureLog(logger: Logger(label: "test") { _ in lines }, interval: .seconds(10), now: { clock.withLock { $0 } })
        for second in 0..<25 {
            clock.withLock { $0 = start + .seconds(second) }
            log.error("the store is down")
            log.error("the store is down")
        }
        log.error("another failure")
        #expect(
            lines.messages.map(\.text) == [
                "the store is down",
                "the store is down (and 19 more times in the 10 s before)",
                "the store is down (and 19 more times in the 10 s before)",
                "another failure",
            ])
    }
}

/// A local service that fails as an unreachable database does once the outage has started.
struct FailingService: ReloadablePlaceService {
    let base: LocalPlaceService
    let failing: Outage

    private func check() throws(NearbyAPIError) {
        if failing.started.withLock({ $0 }) {
            throw .storeUnavailable(url: "postgresql://127.0.0.1/nearby", reason: "refused the connection")
        }
    }

    func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        try check()
        return try await base.fetchPlaces(query)
    }
    func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        try check()
        return try await base.fetchPlace(id: id)
    }
    func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        try check()
        return try await base.datasetInfo()
    }
    func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        try check()
        return try await base.address(at: position, language: language)
    }
    func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        try check()
        return try await base.geocode(request)
    }
    func reload() async throws(NearbyAPIError) -> DatasetInfo { try await base.reload() }
    func isBehindItsSource() -> Bool { base.isBehindItsSource() }
}

/// A log handler that keeps every line.
final class LogLines: LogHandler, Sendable {
    struct Line: Sendable {
        let level: Logger.Level
        let text: String
    }

    private let lines = Mutex<[Line]>([])
    var messages: [Line] { lines.withLock { $0 } }

    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    subscript(metadataKey _: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append(Line(level: event.level, text: event.message.description)) }
    }
}
