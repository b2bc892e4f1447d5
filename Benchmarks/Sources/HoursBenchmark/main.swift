import Foundation
import NearbyKit

// Parse + evaluate time per opening_hours value over the Monaco values.
//
//   swift run -c release HoursBenchmark [values.txt]
//   swift run -c release HoursBenchmark --dump   (states for the peer cross-check)
//
// Each value is parsed and evaluated `iterations` times per round at
// instants spread over a week; its time is the median of `rounds` rounds;
// the figure reported is the median over the values.

let arguments = Array(CommandLine.arguments.dropFirst())
let dump = arguments.contains("--dump")
// This file is Benchmarks/Sources/HoursBenchmark/main.swift: four levels below the root.
let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/NearbyKitTests/Fixtures/monaco-opening-hours.txt")
let path = arguments.first { !$0.hasPrefix("--") }.map { URL(fileURLWithPath: $0) } ?? fixture

guard let text = try? String(contentsOf: path, encoding: .utf8) else {
    FileHandle.standardError.write("cannot read \(path.path)\n".data(using: .utf8)!)
    exit(66)
}
let values = text.split(separator: "\n").map(String.init)
let zone = TimeZone(identifier: "Europe/Monaco")!

// Monday 2026-03-16 00:00 CET, then every 11h17m: fourteen instants that visit
// every weekday at different hours, plus a summer one.
let monday = Date(timeIntervalSince1970: 1_773_615_600)
let instants =
    (0..<14).map { monday.addingTimeInterval(Double($0) * (11 * 3_600 + 17 * 60)) }
    + [Date(timeIntervalSince1970: 1_784_203_200)]

if dump {
    let iso = ISO8601DateFormatter()
    iso.timeZone = zone
    for value in values {
        let hours = OpeningHours(value)
        for at in instants {
            let state = hours.state(at: at, in: zone)
            let next = state.nextChange.map { iso.string(from: $0) } ?? "-"
            print("\(value)\t\(iso.string(from: at))\t\(state.status)\t\(next)")
        }
    }
    exit(0)
}

let iterations = 2_000
let rounds = 7
var sink = 0

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

@MainActor func measure(_ body: (Int) -> Int) -> Double {
    let clock = ContinuousClock()
    var perRound: [Double] = []
    for _ in 0..<rounds {
        let start = clock.now
        for i in 0..<iterations { sink &+= body(i) }
        perRound.append(nanoseconds(clock.now - start) / Double(iterations))
    }
    return median(perRound)
}

func code(_ state: OpeningState) -> Int {
    (state.status == .open ? 1 : state.status == .closed ? 2 : 3) &+ Int(state.nextChange?.timeIntervalSince1970 ?? 0)
}

// Warm up caches and the time zone data.
for value in values { sink &+= code(OpeningHours(value).state(at: monday, in: zone)) }

var both: [Double] = [], parseOnly: [Double] = [], evaluateOnly: [Double] = []
for value in values {
    both.append(measure { i in code(OpeningHours(value).state(at: instants[i % instants.count], in: zone)) })
    parseOnly.append(measure { _ in OpeningHours(value).isReadable ? 1 : 0 })
    let parsed = OpeningHours(value)
    evaluateOnly.append(measure { i in code(parsed.state(at: instants[i % instants.count], in: zone)) })
}

func report(_ name: String, _ xs: [Double]) {
    let s = xs.sorted()
    let p90 = s[min(s.count - 1, Int(Double(s.count) * 0.9))]
    let label = name.padding(toLength: 18, withPad: " ", startingAt: 0)
    print(label + String(format: "median %6.2f µs   p90 %6.2f µs   max %7.2f µs", median(xs) / 1000, p90 / 1000, s.last! / 1000))
}

print("\(values.count) values, \(iterations) calls × \(rounds) rounds each, per value:")
report("parse + evaluate", both)
report("parse only", parseOnly)
report("evaluate only", evaluateOnly)
print("(checksum \(sink & 0xFFFF))")
