import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

/// `list` and `show` print one screen and exit: their view models run on
/// immediate schedulers, so a load event has finished when `send` returns.
enum OneShot {
    static func environment(service: PlaceWebService, units: DistanceUnit, time: TimeOptions) throws -> ViewModelEnvironment {
        ViewModelEnvironment(
            placeService: service,
            mainScheduler: .immediate, backgroundScheduler: .immediate,
            now: try time.clock(), units: units, timeZone: try time.timeZone())
    }

    /// Triggers a load and returns once its outcome is known, throwing the failure.
    static func load(_ trigger: PassthroughSubject<Void, Never>, outcome: AnyPublisher<Result<Void, NearbyAPIError>, Never>) throws {
        var result: Result<Void, NearbyAPIError>?
        let subscription = outcome.sink { result = $0 }
        trigger.send()
        subscription.cancel()
        switch result {
        case .success?: return
        case .failure(let error)?: throw CLIError(error)
        case nil: throw CLIError(message: "the place service gave no answer", code: .software)
        }
    }
}

extension PlaceCategory {
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
