// The place store over 1,000,000 synthetic places spread over a
// country-sized area (France's bounding box, 42–51 N, 5 W–8 E): index build
// time and memory, then k = 20 nearest within 1500 m, one query at a time.
import Foundation
import NearbyKit

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = Int(text.split(separator: " ")[1])
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
let queryCount = 20_000
var rng = SplitMix64(state: 2026)
@MainActor func randomCoordinate() -> Coordinate {
    try! Coordinate(latitude: .random(in: 42...51, using: &rng), longitude: .random(in: -5...8, using: &rng))
}

let categories = PlaceCategory.allCases
var places: [Place] = []
places.reserveCapacity(count)
for i in 0..<count {
    places.append(Place(id: "n\(i)", name: "Place \(i)", category: categories[i % categories.count], coordinate: randomCoordinate()))
}
let queries = (0..<queryCount).map { _ in randomCoordinate() }

let rssBefore = residentBytes()
let buildStart = now()
let store = PlaceStore(places: places)
let buildSeconds = now() - buildStart
places = []  // the store holds its own copy, in its own order
let indexBytes = residentBytes() - rssBefore

func measure(_ label: String, categories: Set<PlaceCategory>?) {
    var times: [Double] = []
    times.reserveCapacity(queries.count)
    var found = 0
    for q in queries {
        let start = now()
        found += store.places(near: q, within: 1500, in: categories, limit: 20).count
        times.append(now() - start)
    }
    let perQuery = Double(found) / Double(queries.count)
    print(
        String(
            format: "%@: median %.2f µs, p90 %.2f µs per query (%.1f places found on average)",
            label, median(times) * 1e6, times.sorted()[times.count * 9 / 10] * 1e6, perQuery))
}

print("places: \(count), queries: \(queryCount), k = 20 within 1500 m")
print(String(format: "index build: %.2f s, resident memory added: %.0f MiB", buildSeconds, Double(indexBytes) / 1_048_576))
measure("all categories", categories: nil)
measure("one category (cafe)", categories: [.cafe])
let food = PlaceCategoryGroup(rawValue: "food")!
measure("one group (food, \(food.categories.count) kinds: one tree)", categories: Set(food.categories))
let scattered = Set(PlaceCategoryGroup.allCases.prefix(10).map { $0.categories.first! })
measure("\(scattered.count) kinds from \(scattered.count) groups (one tree each)", categories: scattered)

// What one distance costs: PROJ's Karney inverse (any length), and the
// short-line formula a query uses, between positions converted beforehand.
var karneyTimes: [Double] = [], shortTimes: [Double] = []
var sink = 0.0
for (a, b) in zip(queries, queries.dropFirst()) {
    var start = now()
    sink += Geodesic.karney(from: a, to: b)
    karneyTimes.append(now() - start)
    let near = try! Coordinate(latitude: a.latitude + 0.005, longitude: a.longitude + 0.005)
    let (p, q) = (GeodesicPoint(a), GeodesicPoint(near))
    start = now()
    sink += Geodesic.distance(from: p, to: q)
    shortTimes.append(now() - start)
}
print(
    String(
        format: "one distance: PROJ geod_inverse median %.3f µs; short-line formula %.3f µs (checksum %.0f)",
        median(karneyTimes) * 1e6, median(shortTimes) * 1e6, sink))
// The same query asked twice in a row, the second timed: its nodes and
// places are then in cache. The gap to the first figure is the time a query
// spends waiting on memory.
do {
    var times: [Double] = []
    for q in queries {
        _ = store.places(near: q, within: 1500, in: nil, limit: 20)
        let start = now()
        _ = store.places(near: q, within: 1500, in: nil, limit: 20)
        times.append(now() - start)
    }
    print(String(format: "all categories, asked again at once (in cache): median %.2f µs", median(times) * 1e6))
}
