import Foundation
import Hummingbird
import NearbyKit

/// Encoded answers kept for reuse, keyed by the normalised question and the
/// load time of the data that answered it, so that a reload retires them
/// all at once (they are never asked for again and age out). An answer that
/// shows `open_now` at the present moment keeps only until the first place
/// in it opens or closes.
///
/// The budget counts each entry's key and a fixed overhead as well as its
/// answer: a flood of distinct long questions with short answers would
/// otherwise hold gigabytes under a budget of megabytes. A key longer than
/// `maximumKeyBytes` is not kept at all, nor an entry costing more than a
/// sixteenth of the budget.
final class AnswerCache<Key: Hashable & Sendable>: Sendable {
    struct Entry: Sendable {
        let status: HTTPResponse.Status
        let body: ByteBuffer
        /// nil: good for as long as the data is.
        let expires: Date?
    }

    private struct Slot: Hashable, Sendable {
        let key: Key
        let loadedAt: Date
    }

    private let entries: LRUCache<Slot, Entry>
    /// What an entry costs beyond its answer and key: the cache's node and
    /// slot, and the buffer's header, which is most of a short answer.
    static var entryOverhead: Int { 128 }
    static var maximumKeyBytes: Int { 4096 }

    init(budget: Int, keyBytes: @escaping @Sendable (Key) -> Int) {
        entries = LRUCache(
            budget: budget, largestEntry: budget / 16, largestKey: Self.maximumKeyBytes, entryOverhead: Self.entryOverhead,
            keyBytes: { keyBytes($0.key) }, valueBytes: { $0.body.readableBytes })
    }

    /// What the kept entries cost, as the budget counts it.
    var bytesKept: Int { entries.bytes }

    func entry(for key: Key, loadedAt: Date, now: Date) -> Entry? {
        entries.value(for: Slot(key: key, loadedAt: loadedAt), now: now)
    }

    func store(_ entry: Entry, for key: Key, loadedAt: Date) {
        entries.store(entry, for: Slot(key: key, loadedAt: loadedAt), expires: entry.expires)
    }
}
