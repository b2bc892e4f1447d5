import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// Encoded answers kept for reuse, keyed by the normalised question and the
/// load time of the data that answered it, so that a reload retires them
/// all at once. An answer that shows `open_now` at the present moment keeps
/// only until the first place in it opens or closes.
///
/// The budget counts each entry's key and a fixed overhead as well as its
/// answer: a flood of distinct long questions with short answers would
/// otherwise hold gigabytes under a budget of megabytes. A key longer than
/// `maximumKeyBytes` is not kept at all.
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

    private struct Store {
        var entries: [Slot: Entry] = [:]
        var bytes = 0
    }

    private let store = NIOLockedValueBox(Store())
    /// Bytes kept at most: answers, keys and overhead.
    private let budget: Int
    private let keyBytes: @Sendable (Key) -> Int
    /// What an entry costs beyond its answer and key: the dictionary's slot, the buffer's header.
    static var entryOverhead: Int { 128 }
    static var maximumKeyBytes: Int { 4096 }

    init(budget: Int, keyBytes: @escaping @Sendable (Key) -> Int) {
        self.budget = budget
        self.keyBytes = keyBytes
    }

    /// What the kept entries cost, as the budget counts it.
    var bytesKept: Int { store.withLockedValue { $0.bytes } }

    func entry(for key: Key, loadedAt: Date, now: Date) -> Entry? {
        guard let entry = store.withLockedValue({ $0.entries[Slot(key: key, loadedAt: loadedAt)] }) else { return nil }
        if let expires = entry.expires, now >= expires { return nil }
        return entry
    }

    func store(_ entry: Entry, for key: Key, loadedAt: Date) {
        let keySize = keyBytes(key)
        guard keySize <= Self.maximumKeyBytes else { return }
        let size = entry.body.readableBytes + keySize + Self.entryOverhead
        guard size <= budget / 16 else { return }
        store.withLockedValue { store in
            // Emptied when full: simple, bounded, and refilled by the hot queries at once.
            if store.bytes + size > budget {
                store.entries.removeAll(keepingCapacity: true)
                store.bytes = 0
            }
            let slot = Slot(key: key, loadedAt: loadedAt)
            if let old = store.entries.updateValue(entry, forKey: slot) {
                store.bytes -= old.body.readableBytes + keySize + Self.entryOverhead
            }
            store.bytes += size
        }
    }
}
