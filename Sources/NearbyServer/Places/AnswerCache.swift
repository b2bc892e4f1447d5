import Foundation
import Hummingbird
import Synchronization

/// Encoded answers kept for reuse, keyed by the normalised question and the
/// load time of the data that answered it, so that a reload retires them
/// all at once. An answer that shows `open_now` at the present moment keeps
/// only until the first place in it opens or closes.
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

    private let entries = Mutex<[Slot: Entry]>([:])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func entry(for key: Key, loadedAt: Date, now: Date) -> Entry? {
        guard let entry = entries.withLock({ $0[Slot(key: key, loadedAt: loadedAt)] }) else { return nil }
        if let expires = entry.expires, now >= expires { return nil }
        return entry
    }

    func store(_ entry: Entry, for key: Key, loadedAt: Date) {
        entries.withLock { entries in
            // Emptied when full: simple, bounded, and refilled by the hot queries at once.
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[Slot(key: key, loadedAt: loadedAt)] = entry
        }
    }
}
