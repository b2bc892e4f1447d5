import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Synchronization
import Testing

/// A graceful shutdown lets the requests in flight finish.
struct ShutdownTests {
    @Test func finishesRequestsInFlight() async throws {
        let gate = Gate()
        let service = GatedService(base: LocalPlaceService(dataURL: Repository.places), gate: gate)
        let server = try await RunningServer.start(.init(service: service))
        let inFlight = Task { try await server.get("/maps/api/place/details/json?place_id=n4316767531") }
        await gate.waitUntilEntered()
        // The request is inside the handler: shut down, then let it go on.
        await server.group.triggerGracefulShutdown()
        gate.open()
        let answer = try await inFlight.value
        try await server.run.value

        #expect(answer.status == 200)
        #expect(try answer.decode(PlaceDetailsResponse.self).result?.name == "Café de Paris")
    }
}

/// Holds `fetchPlace` callers until opened, and tells when one arrives.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var entered = false
        var enteredWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func pass() async {
        let arrivals = state.withLock { state in
            state.entered = true
            defer { state.enteredWaiters = [] }
            return state.enteredWaiters
        }
        arrivals.forEach { $0.resume() }
        await withCheckedContinuation { continuation in
            let proceed = state.withLock { state in
                if state.isOpen { return true }
                state.waiting.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
    }

    func waitUntilEntered() async {
        await withCheckedContinuation { continuation in
            let already = state.withLock { state in
                if state.entered { return true }
                state.enteredWaiters.append(continuation)
                return false
            }
            if already { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}

/// A local service whose `fetchPlace` waits at a gate.
struct GatedService: ReloadablePlaceService {
    let base: LocalPlaceService
    let gate: Gate

    func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] { try await base.fetchPlaces(query) }
    func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        await gate.pass()
        return try await base.fetchPlace(id: id)
    }
    func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo { try await base.datasetInfo() }
    func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        try await base.address(at: position, language: language)
    }
    func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        try await base.geocode(request)
    }
    func reload() async throws(NearbyAPIError) -> DatasetInfo { try await base.reload() }
    func isBehindItsSource() -> Bool { base.isBehindItsSource() }
}
