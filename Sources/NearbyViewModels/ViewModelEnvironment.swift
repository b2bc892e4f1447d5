import CombineSchedulers
import Foundation
import NearbyKit
import NearbyService

/// Everything a view model depends on, in one value, so that a test swaps
/// them all: where places come from, where work runs, what time it is.
public struct ViewModelEnvironment {
    public var placeService: PlaceWebService
    /// Where outputs are published (the view's queue).
    public var mainScheduler: AnySchedulerOf<DispatchQueue>
    /// Where fetches run.
    public var backgroundScheduler: AnySchedulerOf<DispatchQueue>
    public var now: () -> Date
    public var units: DistanceUnit
    /// For places whose dataset names no time zone (opening hours are local).
    public var timeZone: TimeZone

    public init(
        placeService: PlaceWebService,
        mainScheduler: AnySchedulerOf<DispatchQueue>,
        backgroundScheduler: AnySchedulerOf<DispatchQueue>,
        now: @escaping () -> Date = Date.init,
        units: DistanceUnit = .miles,
        timeZone: TimeZone = .current
    ) {
        self.placeService = placeService
        self.mainScheduler = mainScheduler
        self.backgroundScheduler = backgroundScheduler
        self.now = now
        self.units = units
        self.timeZone = timeZone
    }
}
