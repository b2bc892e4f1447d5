// Search in process, one query at a time, on a real store's places: by name
// in a GeoPackage read in place (what `nearby list`/`search` do) and in
// memory (what `nearby serve` does), on queries made from the store's own
// names; then by kind in memory, a whole group beside one category.
//
//   swift build -c release --product SearchBenchmark
//   .build/release/SearchBenchmark STORE.gpkg [QUERIES]
import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import NearbyTestSupport

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: SearchBenchmark STORE.gpkg [QUERIES]\n".utf8))
    exit(64)
}
let queryCount = arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000
let file = try GeoPackagePlaces(url: URL(fileURLWithPath: path))
let dataset = try file.dataset()
let loadStart = now()
let memory = InMemoryPlaces(dataset, loadedAt: Date())
print(String(format: "%@: %d places; in memory in %.1f s", (path as NSString).lastPathComponent, dataset.places.count, now() - loadStart))

/// Queries as a person types them, about the place they mean, from up to 2 km away, within 5 km.
var generator = SeededGenerator(seed: 2026)
let named = dataset.places.filter { NameQuery.nameWords(of: $0).filter { $0.count >= 3 }.count >= 2 }
@MainActor func around(_ place: Place) -> Coordinate {
    let lat = place.coordinate.latitude + .random(in: -0.018...0.018, using: &generator)
    let lon = place.coordinate.longitude + .random(in: -0.025...0.025, using: &generator)
    return try! Coordinate(latitude: max(-90, min(90, lat)), longitude: lon)
}
func swapped(_ word: String) -> String {
    var letters = Array(word)
    letters.swapAt(2, 3)
    return String(letters)
}
var prefixQueries: [PlaceQuery] = [], typoQueries: [PlaceQuery] = []
while prefixQueries.count < queryCount || typoQueries.count < queryCount {
    let place = named.randomElement(using: &generator)!
    let words = NameQuery.nameWords(of: place).filter { $0.count >= 3 }
    if prefixQueries.count < queryCount {
        prefixQueries.append(PlaceQuery(center: around(place), radius: 5000, keyword: "\(words[0].prefix(3)) \(words[1].prefix(3))"))
    }
    if typoQueries.count < queryCount, let long = words.first(where: { $0.count >= 6 }), let other = words.first(where: { $0 != long }) {
        typoQueries.append(PlaceQuery(center: around(place), radius: 5000, keyword: "\(swapped(long)) \(other.prefix(3))"))
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func measure(_ label: String, _ queries: [PlaceQuery], _ search: (PlaceQuery) throws -> [PlaceHit]) rethrows -> [[PlaceID]] {
    var times: [Double] = []
    var answers: [[PlaceID]] = []
    for query in queries {
        let start = now()
        let hits = try search(query)
        times.append(now() - start)
        answers.append(hits.map(\.place.id))
    }
    let found = Double(answers.map(\.count).reduce(0, +)) / Double(queries.count)
    print(
        String(
            format: "%@: median %.3f ms, p90 %.3f ms (%.1f places found on average)",
            label, median(times) * 1e3, times.sorted()[times.count * 9 / 10] * 1e3, found))
    return answers
}

for (kind, queries) in [("two-word prefix (\"res dup\")", prefixQueries), ("a typo and a prefix (\"resatuant dup\")", typoQueries)] {
    print("\(queries.count) queries, \(kind), within 5 km")
    let fromFile = try measure("  GeoPackage, read in place", queries) { try file.places(matching: $0) }
    let inMemory = measure("  in memory", queries) { memory.places(matching: $0) }
    if let index = fromFile.indices.first(where: { fromFile[$0] != inMemory[$0] }) {
        print("  ANSWERS DIFFER for \(queries[index]):\n    GeoPackage \(fromFile[index])\n    in memory  \(inMemory[index])")
        exit(1)
    }
}

// By kind, in memory: k = 20 within 1500 m around places of the store.
let centres = (0..<20_000).map { _ in around(dataset.places.randomElement(using: &generator)!) }
func timeKinds(_ label: String, _ kinds: Set<PlaceCategory>) {
    var times: [Double] = []
    var found = 0
    for centre in centres {
        let start = now()
        found += memory.store.places(near: centre, within: 1500, in: kinds, limit: 20).count
        times.append(now() - start)
    }
    print(
        String(
            format: "  %@: median %.2f µs (%.1f places found on average)",
            label, median(times) * 1e6, Double(found) / Double(centres.count)))
}
print("\(centres.count) queries by kind in memory, k = 20 within 1500 m")
let food = PlaceCategoryGroup(rawValue: "food")!
timeKinds("one category (cafe)", [.cafe])
timeKinds("one category (restaurant)", [.restaurant])
timeKinds("one group (food, \(food.categories.count) kinds, its own tree)", Set(food.categories))
timeKinds("the same \(food.categories.count) kinds but one (a tree each)", Set(food.categories.dropLast()))
