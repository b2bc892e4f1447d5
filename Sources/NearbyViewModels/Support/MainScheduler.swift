import Dispatch

/// Where a view model publishes its outputs: any scheduler on Dispatch's
/// clock (the view's queue, an immediate one for one-shot commands, a
/// test scheduler), behind one type.
///
/// combine-schedulers' `AnySchedulerOf<DispatchQueue>` is the same idea,
/// but on Linux that package brings OpenCombine's Foundation module, whose
/// URLSession publisher links Foundation's networking and with it libcurl
/// and GnuTLS: some 40 libraries loaded, and GnuTLS initialised, at the
/// start of every command. The tests still drive view models with its
/// `TestScheduler`.
public struct MainScheduler: Scheduler {
    public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    private let currentTime: () -> SchedulerTimeType
    private let tolerance: () -> SchedulerTimeType.Stride
    private let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleAfter: (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleRepeating:
        (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> any Cancellable

    public init<S: Scheduler>(_ scheduler: S)
    where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
        if let erased = scheduler as? MainScheduler {
            self = erased
            return
        }
        currentTime = { scheduler.now }
        tolerance = { scheduler.minimumTolerance }
        scheduleNow = { scheduler.schedule(options: $0, $1) }
        scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
        scheduleRepeating = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
    }

    /// Runs every action at once, delays included: for a command that
    /// prints one answer and exits, and for a server page rendered within
    /// its request.
    public static var immediate: MainScheduler { MainScheduler(Immediate()) }

    public var now: SchedulerTimeType { currentTime() }
    public var minimumTolerance: SchedulerTimeType.Stride { tolerance() }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        scheduleNow(options, action)
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        scheduleAfter(date, tolerance, options, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        scheduleRepeating(date, interval, tolerance, options, action)
    }

    private struct Immediate: Scheduler {
        var now: SchedulerTimeType { SchedulerTimeType(.now()) }
        var minimumTolerance: SchedulerTimeType.Stride { .zero }

        func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

        func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) {
            action()
        }

        /// Once, at once: repeating forever without waiting would never return.
        func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) -> any Cancellable {
            action()
            return AnyCancellable {}
        }
    }
}
