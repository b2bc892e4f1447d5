// Reverse geocoding, one position at a time, on a store's address tables:
// the index held in memory (what `serve` answers from; issue 28's target is
// 50 µs a position), then the same store read in place (what `nearby where`
// does) and, with a URL, PostGIS choosing the candidates, at the same
// positions: the medians and 90th percentiles of each.
//
//   swift run -c release AddressBenchmark STORE.gpkg [POSTGRES_URL]
//
// Positions: 20,000 drawn around the store's places (a place's position
// moved up to 300 m), as a client asks where its user is.
import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyPostGIS
import NearbyService

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

func report(_ label: String, _ times: [Double], known: Int) {
    let sorted = times.sorted()
    print(
        String(
            format: "%@: median %.1f µs, p90 %.1f µs a position (%d of %d with an address)", label, sorted[sorted.count / 2] * 1e6,
            sorted[sorted.count * 9 / 10] * 1e6, known, times.count))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
    print("usage: AddressBenchmark STORE.gpkg [POSTGRES_URL]")
    exit(64)
}
let store = try GeoPackagePlaces(url: URL(fileURLWithPath: path))
let dataset = try store.dataset()
let sources = dataset.addressSources
print(
    "\(path): \(dataset.places.count) places; \(sources.streets.count) streets, \(sources.points.count) addressed elements, "
        + "\(sources.areas.count) areas, \(sources.placeNodes.count) place nodes")

var rng = SplitMix64(state: 28)
let positions = (0..<20_000).map { _ in
    let place = dataset.places[Int.random(in: 0..<dataset.places.count, using: &rng)].coordinate
    return Geodesic.destination(from: place, azimuth: .random(in: 0..<360, using: &rng), metres: .random(in: 0...300, using: &rng))
}

let before = residentBytes()
var start = now()
let index = AddressIndex(sources)
print(String(format: "index built in %.2f s, %.0f MiB resident added", now() - start, Double(residentBytes() - before) / 1_048_576))

var times: [Double] = []
var known = 0
for position in positions {
    start = now()
    let address = index.resolve(at: LonLat(position.longitude, position.latitude))
    times.append(now() - start)
    if address != nil { known += 1 }
}
report("in memory", times, known: known)

times = []
known = 0
for position in positions.prefix(2_000) {
    start = now()
    let address = try store.address(at: position, language: nil)
    times.append(now() - start)
    if address != nil { known += 1 }
}
report("GeoPackage read in place (2,000 positions)", times, known: known)

if arguments.count > 1,
    let url = try? PostGISStoreURL(arguments[1] + (arguments[1].contains("?") ? "&" : "?") + "schema=nearby_address_benchmark")
{
    start = now()
    try await PostGISImporter(url: url).load(dataset)
    print(String(format: "PostGIS import of the same: %.1f s", now() - start))
    let service = PostGISPlaceService(url: url)
    times = []
    known = 0
    for position in positions.prefix(2_000) {
        start = now()
        let address = try await service.address(at: position, language: nil)
        times.append(now() - start)
        if address != nil { known += 1 }
    }
    report("PostGIS (2,000 positions)", times, known: known)
    await service.shutdown()
}
