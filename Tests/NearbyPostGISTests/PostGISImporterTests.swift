import Foundation
import NearbyKit
import NearbyService
import Synchronization
import Testing

@testable import NearbyPostGIS

/// Importing while the store serves: no query fails, each answer is wholly
/// the old data or wholly the new, and nothing of the load is left behind.
@Suite(TestDatabase.required)
struct PostGISImporterTests {
    /// Monaco less its last ten places, every name marked: a dataset no answer of Monaco's can be mistaken for.
    static let marked: PlacesDataset = {
        var dataset = TestDatabase.monaco
        dataset.places = dataset.places.dropLast(10).map { place in
            var place = place
            place.name = "B " + place.name
            return place
        }
        dataset.source = "marked.osm.pbf"
        return dataset
    }()

    @Test func reimportingWhileQueryingNeverFailsNorMixes() async throws {
        let url = try TestDatabase.scratch()
        defer { Task { await TestDatabase.drop(url) } }
        let importer = PostGISImporter(url: url)
        try await importer.load(TestDatabase.monaco)
        let database = PostGISPlaceService(url: url)
        let center = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        let queries = [
            PlaceQuery(center: center, radius: 3000),
            PlaceQuery(center: center, radius: 1500, categories: [.cafe, .bar], limit: 5),
            PlaceQuery(center: center, radius: 20_000, limit: 30),
        ]
        let old = LocalPlaceService(dataset: TestDatabase.monaco)
        let new = LocalPlaceService(dataset: Self.marked)
        var oldAnswers: [[String]] = [], newAnswers: [[String]] = []
        for query in queries {
            oldAnswers.append(Self.key(try await old.fetchPlaces(query)))
            newAnswers.append(Self.key(try await new.fetchPlaces(query)))
        }
        #expect(zip(oldAnswers, newAnswers).allSatisfy { $0 != $1 })
        let (oldAnswer, newAnswer) = (oldAnswers, newAnswers)
        let importing = Shared(true)
        let outcomes = Shared<(old: Int, new: Int, wrong: [String])>((0, 0, []))

        try await withThrowingTaskGroup(of: Void.self) { group in
            for reader in 0..<4 {
                group.addTask {
                    var round = 0
                    while importing.withLock({ $0 }) {
                        let index = (reader + round) % queries.count
                        round += 1
                        do {
                            let answer = Self.key(try await database.fetchPlaces(queries[index]))
                            outcomes.withLock { outcome in
                                if answer == oldAnswer[index] {
                                    outcome.old += 1
                                } else if answer == newAnswer[index] {
                                    outcome.new += 1
                                } else {
                                    outcome.wrong.append("an answer neither old nor new to \(queries[index])")
                                }
                            }
                        } catch {
                            outcomes.withLock { $0.wrong.append("\(error.localizedDescription)") }
                        }
                    }
                }
            }
            group.addTask {
                defer { importing.withLock { $0 = false } }
                // Both ways, ending on the marked data; each import is seconds of four readers at full speed.
                for dataset in [Self.marked, TestDatabase.monaco, Self.marked] {
                    try await importer.load(dataset)
                }
            }
            try await group.waitForAll()
        }
        let outcome = outcomes.withLock { $0 }
        #expect(outcome.wrong.isEmpty, "\(outcome.wrong.prefix(3))")
        #expect(outcome.old > 0)
        #expect(outcome.new > 0)
        #expect(try await database.datasetInfo().source == "marked.osm.pbf")
        #expect(try await database.datasetInfo().placeCount == TestDatabase.monaco.places.count - 10)
        // The swap renamed the loaded tables into place: nothing else is left.
        #expect(
            try await TestDatabase.tables(in: url) == [
                "nearby_address_areas", "nearby_address_places", "nearby_address_points", "nearby_address_streets",
                "nearby_address_words", "nearby_dataset", "nearby_places",
            ])
        await database.shutdown()
    }

    /// An answer as ids and names: the marked names tell the two datasets apart even where the ids agree.
    static func key(_ hits: [PlaceHit]) -> [String] { hits.map { "\($0.place.id) \($0.place.name)" } }

    @Test func progressIsReportedInOrder() async throws {
        let url = try TestDatabase.scratch()
        defer { Task { await TestDatabase.drop(url) } }
        let seen = Shared<[PostGISImporter.Progress]>([])
        try await PostGISImporter(url: url).load(TestDatabase.monaco) { progress in seen.withLock { $0.append(progress) } }
        let stages = seen.withLock { $0.map(\.stage) }
        #expect(stages.first == .copying)
        #expect(stages.suffix(3) == [.indexing, .analysing, .swapping])
        #expect(seen.withLock { $0.last?.placesWritten } == 803)
    }
}

/// A value tasks share, behind a lock. An `NSLock`, not a `Mutex`: the
/// accesses happen in the caller's closure, which Tools/tsan.supp (written
/// for accesses in `Mutex.withLock`'s own body) does not cover, and
/// ThreadSanitizer cannot see `Mutex`'s contended path, so it reported the
/// locked accesses as a race. It sees a pthread mutex.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
