// The PostGIS store from Swift: an import (places per second), then one
// query at a time through PostGISPlaceService, k = 20 within 1500 m, with
// and without a category: median and 99th percentile latency.
//
//   swift run -c release PostGISBenchmark URL monaco     # Data/places.geojson, queries around Monaco
//   swift run -c release PostGISBenchmark URL 1000000    # synthetic places over France's bounding box
import Foundation
import NearbyKit
import NearbyPostGIS
import NearbyService

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
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

let arguments = CommandLine.arguments.dropFirst()
guard let urlText = arguments.first,
    let url = try? PostGISStoreURL(urlText + (urlText.contains("?") ? "&" : "?") + "schema=nearby_benchmark")
else {
    print("usage: PostGISBenchmark postgresql://USER@HOST:PORT/DB [monaco|COUNT]")
    exit(64)
}
let which = arguments.dropFirst().first ?? "monaco"
var rng = SplitMix64(state: 2026)
let dataset: PlacesDataset
let latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>
if which == "monaco" {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    dataset = try PlacesDataset.load(from: root.appendingPathComponent("Data/places.geojson"))
    (latitudes, longitudes) = (43.72...43.76, 7.40...7.44)
} else {
    let count = Int(which) ?? 1_000_000
    (latitudes, longitudes) = (42...51, -5...8)
    let categories = PlaceCategory.allCases
    var places: [Place] = []
    places.reserveCapacity(count)
    for i in 0..<count {
        let coordinate = try Coordinate(latitude: .random(in: latitudes, using: &rng), longitude: .random(in: longitudes, using: &rng))
        places.append(Place(id: "n\(i)", name: "Place \(i)", category: categories[i % categories.count], coordinate: coordinate))
    }
    dataset = PlacesDataset(places: places, timeZone: "Europe/Paris", source: "synthetic")
}

let importStart = now()
try await PostGISImporter(url: url).load(dataset)
let importSeconds = now() - importStart
print(
    String(
        format: "import: %d places in %.2f s (%.0f places/s)", dataset.places.count, importSeconds,
        Double(dataset.places.count) / importSeconds))

let service = PostGISPlaceService(url: url)
let queries = try (0..<2_000).map { _ in
    try Coordinate(latitude: .random(in: latitudes, using: &rng), longitude: .random(in: longitudes, using: &rng))
}
for (label, categories) in [("all categories", Set<PlaceCategory>()), ("cafe", [.cafe])] {
    // Warm the pool and the server's caches.
    for q in queries.prefix(100) { _ = try await service.fetchPlaces(PlaceQuery(center: q, categories: categories, limit: 20)) }
    var times: [Double] = []
    var found = 0
    for q in queries {
        let start = now()
        found += try await service.fetchPlaces(PlaceQuery(center: q, radius: 1500, categories: categories, limit: 20)).count
        times.append(now() - start)
    }
    times.sort()
    print(
        String(
            format: "k = 20 within 1500 m, %@: median %.0f µs, p99 %.0f µs (%d queries, %.1f hits each)",
            label, times[times.count / 2] * 1e6, times[times.count * 99 / 100] * 1e6, times.count, Double(found) / Double(times.count)))
}
await service.shutdown()
