import CombineSchedulers
import Foundation
import NearbyViewModels
import Testing

struct MainSchedulerTests {
    @Test func immediateRunsEveryActionAtOnceDelaysIncluded() {
        let scheduler = MainScheduler.immediate
        var ran: [String] = []
        scheduler.schedule { ran.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(60))) { ran.append("in a minute") }
        let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ran.append("every second") }
        repeating.cancel()
        #expect(ran == ["now", "in a minute", "every second"])
    }

    @Test func aTestSchedulerKeepsItsClockBehindTheEraser() {
        let test = DispatchQueue.test
        let scheduler = MainScheduler(test)
        var ran = false
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { ran = true }
        test.advance(by: .milliseconds(299))
        #expect(!ran)
        test.advance(by: .milliseconds(1))
        #expect(ran)
        #expect(scheduler.now == test.now)
    }

    @Test func repeatingActionsStopWhenCancelled() {
        let test = DispatchQueue.test
        let scheduler = MainScheduler(test)
        var count = 0
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) { count += 1 }
        test.advance(by: .seconds(3))
        timer.cancel()
        test.advance(by: .seconds(3))
        #expect(count == 3)
    }
}
