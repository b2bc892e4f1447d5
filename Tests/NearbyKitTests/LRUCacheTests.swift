import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

/// The one cache of the server and the renderer: least recently used out
/// first, every entry charged its key, its value and an overhead, and
/// entries refused on lookup when they expired or are no longer current.
struct LRUCacheTests {
    /// Values are byte counts standing for themselves; keys cost their length.
    static func cache(budget: Int, largestEntry: Int? = nil, largestKey: Int? = nil, overhead: Int = 10) -> LRUCache<String, Int> {
        LRUCache(
            budget: budget, largestEntry: largestEntry, largestKey: largestKey, entryOverhead: overhead,
            keyBytes: { $0.utf8.count }, valueBytes: { $0 })
    }

    @Test func theLeastRecentlyUsedGoesFirst() {
        // Each entry costs 1 + 100 + 10: three fit in 333.
        let cache = Self.cache(budget: 333)
        for key in ["a", "b", "c"] { #expect(cache.store(100, for: key)) }
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.value(for: "a") == 100)
        #expect(cache.keysByRecency == ["a", "c", "b"])
        cache.store(100, for: "d")
        #expect(cache.value(for: "b") == nil, "b was the least recently used")
        #expect(cache.keysByRecency == ["d", "a", "c"])
        // Storing again is a use too.
        cache.store(100, for: "c")
        cache.store(100, for: "e")
        #expect(cache.keysByRecency == ["e", "c", "d"])
        #expect(cache.isConsistent)
    }

    @Test func keysValuesAndOverheadAreCharged() {
        let cache = Self.cache(budget: 1000)
        cache.store(100, for: "abc")
        #expect(cache.bytes == 3 + 100 + 10)
        #expect(cache.valueBytes == 100)
        cache.store(20, for: "abc")
        #expect(cache.bytes == 3 + 20 + 10, "a value replaced is charged anew")
        cache.store(0, for: String(repeating: "k", count: 500))
        #expect(cache.bytes == 33 + 510)
        #expect(cache.valueBytes == 20)
        #expect(cache.count == 2)

        // Long keys with empty values still fill the budget and push older entries out.
        for n in 0..<100 { cache.store(0, for: String(repeating: "x", count: 200) + "\(n)") }
        #expect(cache.bytes <= 1000)
        #expect(cache.count == 4, "\(cache.count) keys of 200 bytes and more within 1000")
        #expect(cache.value(for: "abc") == nil)
        cache.removeValue(for: cache.keysByRecency[0])
        #expect(cache.count == 3)
        cache.removeAll()
        #expect(cache.bytes == 0 && cache.valueBytes == 0 && cache.count == 0)
        #expect(cache.isConsistent)
    }

    @Test func anEntryLargerThanAllowedIsNotKeptAndTakesItsOlderValueAway() {
        let cache = Self.cache(budget: 1000, largestEntry: 250, largestKey: 8)
        #expect(cache.store(100, for: "tile"))
        #expect(!cache.store(237, for: "tile"), "4 + 237 + 10 is over 250")
        #expect(cache.value(for: "tile") == nil, "the older value is no longer the key's")
        #expect(cache.store(236, for: "tile"))
        #expect(!cache.store(0, for: "ninechars"))
        #expect(cache.keysByRecency == ["tile"])

        let whole = Self.cache(budget: 100)
        #expect(whole.largestEntry == 100)
        #expect(!whole.store(90, for: "k"), "1 + 90 + 10 is over the whole budget")
        #expect(whole.store(89, for: "k"))
        #expect(whole.bytes == 100)

        let none = Self.cache(budget: 0)
        #expect(!none.store(0, for: ""))
        #expect(none.count == 0)
    }

    @Test func anEntryExpiresAndTheClockIsReadOnlyForOnesThatDo() {
        let cache = Self.cache(budget: 1000)
        let start = Date(timeIntervalSince1970: 1_000_000)
        cache.store(1, for: "until", expires: start + 60)
        cache.store(2, for: "always")
        #expect(cache.value(for: "until", now: start) == 1)
        #expect(cache.value(for: "until", now: start + 59.999) == 1)
        #expect(cache.value(for: "until", now: start + 60) == nil)
        #expect(cache.count == 1, "an expired entry is dropped when found")
        #expect(cache.bytes == 6 + 2 + 10)

        var readings = 0
        func clock() -> Date {
            readings += 1
            return start
        }
        #expect(cache.value(for: "always", now: clock()) == 2)
        #expect(readings == 0)
        cache.store(3, for: "until", expires: start + 1)
        #expect(cache.value(for: "until", now: clock()) == 3)
        #expect(readings == 1)
        // Stored again without an expiry, it keeps.
        cache.store(4, for: "until")
        #expect(cache.value(for: "until", now: start + 3600) == 4)
    }

    @Test func aLookupDropsAnEntryItsCallerNoLongerFindsCurrent() {
        struct Stamped: Sendable {
            let stamp: Int
            let bytes: Int
        }
        let cache = LRUCache<String, Stamped>(budget: 1000, keyBytes: { $0.utf8.count }, valueBytes: { $0.bytes })
        cache.store(Stamped(stamp: 1, bytes: 100), for: "16/1/2")
        #expect(cache.value(for: "16/1/2") { $0.stamp == 1 }?.bytes == 100)
        #expect(cache.value(for: "16/1/2") { $0.stamp == 2 } == nil)
        #expect(cache.count == 0 && cache.bytes == 0)
        #expect(cache.value(for: "16/1/2") == nil)

        // Another caller stores the new tile between the check and the drop: the new one stays.
        cache.store(Stamped(stamp: 1, bytes: 100), for: "16/1/2")
        let found = cache.value(for: "16/1/2") { tile in
            if tile.stamp == 1 { cache.store(Stamped(stamp: 2, bytes: 120), for: "16/1/2") }
            return tile.stamp == 2
        }
        #expect(found == nil)
        #expect(cache.value(for: "16/1/2")?.stamp == 2)
    }

    /// Every operation against a plain list kept in order of use.
    @Test func agreesWithAListKeptInOrderOfUse() throws {
        var random = SeededGenerator(seed: 26)
        let budget = 2000
        let cache = Self.cache(budget: budget, largestEntry: 500)
        var model: [(key: String, value: Int)] = []  // most recently used first
        func cost(_ entry: (key: String, value: Int)) -> Int { entry.key.utf8.count + entry.value + 10 }
        for _ in 0..<20_000 {
            let key = "k\(Int.random(in: 0..<60, using: &random))"
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let found = model.firstIndex { $0.key == key }
                #expect(cache.value(for: key) == found.map { model[$0].value })
                if let found { model.insert(model.remove(at: found), at: 0) }
            case 5..<9:
                let value = Int.random(in: 0..<520, using: &random)
                model.removeAll { $0.key == key }
                if cost((key, value)) <= 500 {
                    model.insert((key, value), at: 0)
                    while model.map(cost).reduce(0, +) > budget { model.removeLast() }
                }
                cache.store(value, for: key)
            default:
                model.removeAll { $0.key == key }
                cache.removeValue(for: key)
            }
            // Stops at the first difference: every later step would differ too.
            try #require(cache.keysByRecency == model.map(\.key))
        }
        #expect(cache.bytes == model.map(cost).reduce(0, +))
        #expect(cache.isConsistent)
    }

    @Test func manyTasksAtOnceLeaveItConsistentAndWithinBudget() async {
        let cache = Self.cache(budget: 50_000)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<64 {
                group.addTask {
                    var random = SeededGenerator(seed: UInt64(task))
                    var withinBudget = true
                    for _ in 0..<2_000 {
                        let key = "key \(Int.random(in: 0..<500, using: &random))"
                        if Bool.random(using: &random) {
                            cache.store(Int.random(in: 0..<400, using: &random), for: key)
                        } else {
                            _ = cache.value(for: key)
                        }
                        withinBudget = withinBudget && cache.bytes <= 50_000
                    }
                    return withinBudget
                }
            }
            for await withinBudget in group { #expect(withinBudget) }
        }
        #expect(cache.isConsistent)
        #expect(cache.bytes > 40_000, "full, not emptied")
    }
}
