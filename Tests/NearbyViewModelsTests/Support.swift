import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let monaco = try! PlacesDataset.load(from: root.appendingPathComponent("Data/places.geojson"))
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)
    /// 2021-04-19 12:00 UTC, the day of the extract.
    static let noon = Date(timeIntervalSince1970: 1_618_833_600)

    static func environment(_ service: PlaceWebService, scheduler: TestSchedulerOf<DispatchQueue>) -> ViewModelEnvironment {
        ViewModelEnvironment(
            placeService: service, mainScheduler: scheduler.eraseToAnyScheduler(),
            backgroundScheduler: scheduler.eraseToAnyScheduler(), now: { noon }, units: .miles)
    }
}

/// A place service whose answers a test scripts: each fetch takes the next
/// answer, delivered after its delay on the test scheduler.
final class ScriptedPlaceService: PlaceWebService {
    struct Answer {
        var result: Result<[Place], NearbyAPIError>
        var delay: DispatchQueue.SchedulerTimeType.Stride = .zero
    }

    var answers: [Answer]
    private(set) var queries: [PlaceQuery] = []
    let scheduler: TestSchedulerOf<DispatchQueue>

    init(_ answers: [Answer], scheduler: TestSchedulerOf<DispatchQueue>) {
        self.answers = answers
        self.scheduler = scheduler
    }

    func fetchPlaces(_ query: PlaceQuery) -> AnyPublisher<[Place], NearbyAPIError> {
        queries.append(query)
        let answer = answers.isEmpty ? Answer(result: .failure(.serviceUnavailable("no more answers"))) : answers.removeFirst()
        return answer.result.publisher.delay(for: answer.delay, scheduler: scheduler).eraseToAnyPublisher()
    }

    func fetchPlace(id: PlaceID) -> AnyPublisher<Place, NearbyAPIError> {
        Fail(error: .unknownPlace(id)).eraseToAnyPublisher()
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
