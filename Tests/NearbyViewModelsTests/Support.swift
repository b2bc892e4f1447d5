import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import Synchronization

enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let monaco = try! PlacesDataset.load(from: root.appendingPathComponent("Data/places.geojson"))
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)
    /// 2021-04-19 12:00 UTC, the day of the extract.
    static let noon = Date(timeIntervalSince1970: 1_618_833_600)

    static func environment(_ service: any PlaceWebService, scheduler: TestSchedulerOf<DispatchQueue>) -> ViewModelEnvironment {
        ViewModelEnvironment(placeService: service, mainScheduler: scheduler.eraseToAnyScheduler(), now: { noon }, units: .miles)
    }

    /// Monaco places by id, each with its distance from the casino gardens.
    static func hits(_ ids: [PlaceID]) -> [PlaceHit] {
        ids.map { id in
            let place = monaco.places.first { $0.id == id }!
            return PlaceHit(place: place, distance: Geodesic.distance(from: casinoGardens, to: place.coordinate))
        }
    }
}

/// A place service whose answers a test scripts: each fetch takes the next
/// answer. An answer without a delay comes at once; one with a delay comes
/// when the test scheduler reaches it, from Swift's executor, as a remote
/// service's would.
final class ScriptedPlaceService: PlaceWebService {
    struct Answer: Sendable {
        var result: Result<[PlaceHit], NearbyAPIError>
        var delay: Duration = .zero
    }

    private let state: Mutex<(answers: [Answer], queries: [PlaceQuery])>
    let scheduler: TestSchedulerOf<DispatchQueue>
    static let dataset = DatasetInfo(dataset: Fixture.monaco, loadedAt: Fixture.noon)

    init(_ answers: [Answer], scheduler: TestSchedulerOf<DispatchQueue>) {
        state = Mutex((answers, []))
        self.scheduler = scheduler
    }

    var queries: [PlaceQuery] { state.withLock { $0.queries } }

    func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        let answer = state.withLock { state in
            state.queries.append(query)
            return state.answers.isEmpty ? Answer(result: .failure(.serviceUnavailable("no more answers"))) : state.answers.removeFirst()
        }
        if answer.delay != .zero {
            let scheduler = scheduler
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (seconds, attoseconds) = answer.delay.components
                let stride = DispatchQueue.SchedulerTimeType.Stride.nanoseconds(
                    Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
                scheduler.schedule(after: scheduler.now.advanced(by: stride)) { continuation.resume() }
            }
        }
        return try answer.result.get()
    }

    func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        throw .unknownPlace(id)
    }

    func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        Self.dataset
    }

    /// The address every position has, as a test sets it.
    let address = Mutex<ResolvedAddress?>(nil)

    func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        address.withLock { $0 }
    }

    /// What forward geocoding answers every question, as a test sets it, and the questions asked.
    let candidates = Mutex<(answer: [GeocodeCandidate], asked: [GeocodeRequest])>(([], []))

    func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        candidates.withLock { candidates in
            candidates.asked.append(request)
            return candidates.answer
        }
    }
}

/// Keeps every value a publisher sends, as Kickstarter's TestObserver does.
final class Observer<Value> {
    private(set) var values: [Value] = []
    private var subscription: AnyCancellable?

    init(_ publisher: some Publisher<Value, Never>) {
        subscription = publisher.sink { [unowned self] in values.append($0) }
    }
}
