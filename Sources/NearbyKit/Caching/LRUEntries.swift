import Foundation

/// `LRUCache`'s entries, without its lock: a dictionary from each key to its
/// node, and the nodes linked from the most to the least recently used
/// through their indices in one array. A use, an insertion and an eviction
/// each relink a few nodes, whatever the number of entries; scanning for the
/// oldest, as the caches did before, cost a pass over all of them for every
/// tile drawn into a full cache.
///
/// A removed node's place is taken by the last one, so the array holds no
/// holes and a removed value is released at once, not when its slot is
/// reused.
///
/// Inlinable, like `LRUCache`'s lookup and store, so that the server and the
/// renderer get code specialised for their keys and values: unspecialised,
/// through witness tables, a lookup took 490 ns instead of 75 (a scratch
/// benchmark of 1,000 nearbysearch-like keys, release build).
@usableFromInline
struct LRUEntries<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline let key: Key
        @usableFromInline var value: Value
        @usableFromInline var expires: Date?
        /// What the entry is charged: key, value and overhead.
        @usableFromInline var cost: Int
        /// The value's part of `cost`.
        @usableFromInline var valueCost: Int
        /// Indices of the neighbours, `LRUEntries.none` past either end.
        @usableFromInline var older: Int
        @usableFromInline var newer: Int

        @inlinable
        init(key: Key, value: Value, expires: Date?, cost: Int, valueCost: Int, older: Int, newer: Int) {
            self.key = key
            self.value = value
            self.expires = expires
            self.cost = cost
            self.valueCost = valueCost
            self.older = older
            self.newer = newer
        }
    }

    @inlinable static var none: Int { -1 }

    @usableFromInline var slots: [Key: Int] = [:]
    @usableFromInline var nodes: [Node] = []
    @usableFromInline var newest = none
    @usableFromInline var oldest = none
    @usableFromInline var bytes = 0
    @usableFromInline var valueBytes = 0

    @inlinable var count: Int { nodes.count }

    /// The value, now the most recently used; nil when there is none, or
    /// when it has expired, and then it is dropped.
    @inlinable
    mutating func value(for key: Key, now: () -> Date) -> Value? {
        guard let slot = slots[key] else { return nil }
        if let expires = nodes[slot].expires, now() >= expires {
            remove(at: slot)
            return nil
        }
        if slot != newest {
            unlink(slot)
            linkAsNewest(slot)
        }
        return nodes[slot].value
    }

    /// Keeps the value as the most recently used, in place of the key's
    /// previous one, then drops the least recently used entries until the
    /// cost is within `budget`. The caller has checked that `cost` alone is.
    @inlinable
    mutating func insert(_ value: Value, for key: Key, expires: Date?, cost: Int, valueCost: Int, budget: Int) {
        if let slot = slots[key] {
            bytes += cost - nodes[slot].cost
            valueBytes += valueCost - nodes[slot].valueCost
            nodes[slot].value = value
            nodes[slot].expires = expires
            nodes[slot].cost = cost
            nodes[slot].valueCost = valueCost
            if slot != newest {
                unlink(slot)
                linkAsNewest(slot)
            }
        } else {
            let slot = nodes.count
            nodes.append(
                Node(key: key, value: value, expires: expires, cost: cost, valueCost: valueCost, older: Self.none, newer: Self.none))
            slots[key] = slot
            bytes += cost
            valueBytes += valueCost
            linkAsNewest(slot)
        }
        while bytes > budget, oldest != newest {
            remove(at: oldest)
        }
    }

    @inlinable
    mutating func removeValue(for key: Key) {
        if let slot = slots[key] { remove(at: slot) }
    }

    /// Drops a value found stale, unless another caller stored a current one
    /// since it was found.
    @inlinable
    mutating func removeValue(for key: Key, unless isCurrent: (Value) -> Bool) {
        if let slot = slots[key], !isCurrent(nodes[slot].value) { remove(at: slot) }
    }

    @inlinable
    mutating func removeAll() {
        slots.removeAll()
        nodes.removeAll()
        newest = Self.none
        oldest = Self.none
        bytes = 0
        valueBytes = 0
    }

    /// The keys from the most to the least recently used.
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot != Self.none {
            keys.append(nodes[slot].key)
            slot = nodes[slot].older
        }
        return keys
    }

    /// Whether the links, the dictionary and the byte counts agree (for tests).
    var isConsistent: Bool {
        var slot = newest
        var newer = Self.none
        var seen = 0
        var cost = 0
        var valueCost = 0
        while slot != Self.none, seen <= nodes.count {
            let node = nodes[slot]
            guard node.newer == newer, slots[node.key] == slot else { return false }
            seen += 1
            cost += node.cost
            valueCost += node.valueCost
            newer = slot
            slot = node.older
        }
        return newer == oldest && seen == nodes.count && slots.count == nodes.count && cost == bytes && valueCost == valueBytes
    }

    @inlinable
    mutating func remove(at slot: Int) {
        unlink(slot)
        slots[nodes[slot].key] = nil
        bytes -= nodes[slot].cost
        valueBytes -= nodes[slot].valueCost
        let last = nodes.count - 1
        if slot != last {
            nodes.swapAt(slot, last)
            // The moved node's neighbours, its key and the ends now point at its new place.
            let older = nodes[slot].older
            let newer = nodes[slot].newer
            if older == Self.none { oldest = slot } else { nodes[older].newer = slot }
            if newer == Self.none { newest = slot } else { nodes[newer].older = slot }
            slots[nodes[slot].key] = slot
        }
        nodes.removeLast()
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let older = nodes[slot].older
        let newer = nodes[slot].newer
        if older == Self.none { oldest = newer } else { nodes[older].newer = newer }
        if newer == Self.none { newest = older } else { nodes[newer].older = older }
        nodes[slot].older = Self.none
        nodes[slot].newer = Self.none
    }

    @inlinable
    mutating func linkAsNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = Self.none
        if newest == Self.none { oldest = slot } else { nodes[newest].newer = slot }
        newest = slot
    }
}
