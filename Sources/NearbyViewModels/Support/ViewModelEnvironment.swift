import Foundation
import NearbyKit
import NearbyService

/// Everything a view model depends on, in one value, so that a test swaps
/// them all: where places come from, where outputs are published, what
/// time it is, how distances read.
public struct ViewModelEnvironment {
    public var placeService: any PlaceWebService
    /// Where outputs are published (the view's queue). Service calls run on
    /// Swift's concurrent executor and hop here with their outcome.
    public var mainScheduler: MainScheduler
    public var now: @Sendable () -> Date
    public var units: DistanceUnit
    /// For places whose data names no time zone (opening hours are local).
    public var timeZone: TimeZone
    /// Names are shown in this language where a place has one (`name:fr`).
    public var language: String?

    public init<S: Scheduler>(
        placeService: any PlaceWebService,
        mainScheduler: S,
        now: @escaping @Sendable () -> Date = { Date() },
        units: DistanceUnit = .miles,
        timeZone: TimeZone = .current,
        language: String? = nil
    ) where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType, S.SchedulerOptions == DispatchQueue.SchedulerOptions {
        self.placeService = placeService
        self.mainScheduler = MainScheduler(mainScheduler)
        self.now = now
        self.units = units
        self.timeZone = timeZone
        self.language = language
    }
}
