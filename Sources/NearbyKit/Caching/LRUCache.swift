import Foundation
import NIOConcurrencyHelpers

/// A cache bounded by bytes that lets the least recently used entries go
/// first: the server's answers, pages, static maps and tile files, and the
/// renderer's decoded tiles. It is in NearbyKit because that is the one
/// module below both MapRender and NearbyServer, and the renderer must not
/// depend on the server.
///
/// An entry is charged its key, its value and a fixed overhead: a flood of
/// distinct long questions with short answers would otherwise hold far more
/// than the budget says. An entry that costs more than `largestEntry`, or
/// whose key costs more than `largestKey`, is not kept (and the key's older
/// value goes with it, being no longer current). A lookup can refuse an
/// entry that has expired or that its caller no longer finds current (a
/// tile file stamped differently now); such an entry is dropped.
///
/// Safe to share: one NIO lock around the entries, which ThreadSanitizer
/// sees whole (see Package.swift). Costs are counted before the lock is
/// taken, so only the bookkeeping is done holding it.
public final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Bytes kept at most, keys and overhead included.
    public let budget: Int
    public let largestEntry: Int
    public let largestKey: Int
    /// What each entry costs beyond its key and value.
    public let entryOverhead: Int
    // Seen by the inlinable lookup and store (see LRUEntries).
    @usableFromInline let costOfKey: @Sendable (Key) -> Int
    @usableFromInline let costOfValue: @Sendable (Value) -> Int
    @usableFromInline let entries = NIOLockedValueBox(LRUEntries<Key, Value>())

    /// - Parameters:
    ///   - largestEntry: an entry costing more is not kept (the whole budget when nil).
    ///   - largestKey: a key costing more is not kept (no limit when nil).
    ///   - entryOverhead: by default roughly what the cache itself holds for
    ///     an entry, its node (key and value inline, links, costs, expiry) and
    ///     its slot in the dictionary; a cache of values that are often tiny
    ///     says more, to count their headers too.
    ///   - keyBytes: what a key costs (a string's length, a fixed key's size).
    ///   - valueBytes: what a value costs.
    public init(
        budget: Int, largestEntry: Int? = nil, largestKey: Int? = nil, entryOverhead: Int = 64,
        keyBytes: @escaping @Sendable (Key) -> Int, valueBytes: @escaping @Sendable (Value) -> Int
    ) {
        self.budget = max(budget, 0)
        self.largestEntry = min(largestEntry ?? self.budget, self.budget)
        self.largestKey = largestKey ?? .max
        self.entryOverhead = max(entryOverhead, 0)
        costOfKey = keyBytes
        costOfValue = valueBytes
    }

    /// The key's value, which becomes the most recently used; nil when there
    /// is none, when it expired at `now` (read only for an entry that
    /// expires, holding the lock), or when `isCurrent` says it is stale, and
    /// then the entry is dropped. Before dropping it `isCurrent` is asked
    /// again, holding the lock, of what the key holds then (another caller
    /// may have stored a current value meanwhile), so it must not use the cache.
    @inlinable
    public func value(for key: Key, now: @autoclosure () -> Date = Date(), isCurrent: (Value) -> Bool = { _ in true }) -> Value? {
        guard let value = entries.withLockedValue({ $0.value(for: key, now: now) }) else { return nil }
        // Asked outside the lock, where the compiler inlines the caller's check
        // (inside, through the lock's closure, it did not: 40 ns a tile).
        if isCurrent(value) { return value }
        entries.withLockedValue { $0.removeValue(for: key, unless: isCurrent) }
        return nil
    }

    /// Keeps the value for the key until `expires` (nil: until it is
    /// evicted), dropping the least recently used entries to make room.
    /// Returns whether it was kept.
    @inlinable @discardableResult
    public func store(_ value: Value, for key: Key, expires: Date? = nil) -> Bool {
        let keyCost = costOfKey(key)
        let valueCost = costOfValue(value)
        let cost = keyCost + valueCost + entryOverhead
        guard keyCost <= largestKey, cost <= largestEntry else {
            entries.withLockedValue { $0.removeValue(for: key) }
            return false
        }
        entries.withLockedValue { $0.insert(value, for: key, expires: expires, cost: cost, valueCost: valueCost, budget: budget) }
        return true
    }

    public func removeValue(for key: Key) {
        entries.withLockedValue { $0.removeValue(for: key) }
    }

    public func removeAll() {
        entries.withLockedValue { $0.removeAll() }
    }

    /// What the kept entries cost, as the budget counts them: never more than `budget`.
    public var bytes: Int { entries.withLockedValue { $0.bytes } }
    /// The values' part of `bytes`.
    public var valueBytes: Int { entries.withLockedValue { $0.valueBytes } }
    public var count: Int { entries.withLockedValue { $0.count } }

    /// The keys from the most to the least recently used (for tests).
    var keysByRecency: [Key] { entries.withLockedValue { $0.keysByRecency } }
    /// Whether the bookkeeping agrees with itself (for tests).
    var isConsistent: Bool { entries.withLockedValue { $0.isConsistent } }
}
