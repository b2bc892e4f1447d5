import Foundation
import LibFuzzerDriver
import NearbyKit

// Instants that exercise the evaluator's edges: an ordinary evening, both
// DST changes in Monaco, a leap day, a non-leap century's 1 March, New Year.
let instants: [Date] = [
    "2021-04-19T18:00:00Z", "2021-03-28T00:59:00Z", "2021-03-28T01:30:00Z", "2021-10-31T00:30:00Z",
    "2021-10-31T01:30:00Z", "2024-02-29T11:00:00Z", "2100-03-01T09:00:00Z", "2021-12-31T23:30:00Z",
].map { try! InstantParser.parse($0, localZone: TimeZone(identifier: "UTC")!) }

let utc = TimeZone(identifier: "UTC")!
let zones = [TimeZone(identifier: "Europe/Monaco")!, utc, TimeZone(identifier: "Pacific/Chatham")!]

/// Parses arbitrary text as an `opening_hours` value, evaluates it at each
/// instant in each zone and formats the status. Beyond not crashing:
/// evaluation is deterministic, a next change lies after the instant, and
/// (in UTC, where no clock jumps) the state at the change is the announced one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count <= 4096 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let hours = OpeningHours(text)
    if let reason = hours.failureReason, reason.isEmpty { fatalError("an unreadable value gave no reason") }
    for zone in zones {
        let formatter = OpeningStatusFormatter(timeZone: zone)
        for instant in instants {
            let state = hours.state(at: instant, in: zone)
            guard state == hours.state(at: instant, in: zone) else { fatalError("two evaluations differ") }
            if let change = state.nextChange {
                guard change > instant else { fatalError("next change \(change) is not after \(instant)") }
                if zone == utc, let next = state.nextStatus {
                    let later = hours.state(at: change, in: zone).status
                    guard later == next else { fatalError("at \(change) the status is \(later), announced \(next)") }
                }
            }
            guard !formatter.string(for: state, at: instant).isEmpty else { fatalError("empty status text") }
        }
    }
    return 0
}

@_cdecl("HoursFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
