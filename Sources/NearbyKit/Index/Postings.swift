/// A list of numbers for each key `0..<keys`, all in one array (compressed
/// sparse rows): a million short lists without a million allocations, and
/// the lists of a run of neighbouring keys as one slice.
struct Postings: Sendable {
    /// Where each key's list starts in `items`; one more than there are keys.
    private let starts: [Int32]
    private let items: [Int32]

    /// The pairs `(keys[n], items[n])`, each list in the order given, an
    /// item that repeats the one before it in its list kept once.
    init(keys count: Int, _ keys: [Int32], _ items: [Int32]) {
        var starts = [Int32](repeating: 0, count: count + 1)
        for key in keys { starts[Int(key) + 1] += 1 }
        for key in 0..<count { starts[key + 1] += starts[key] }
        var ends = Array(starts.dropLast())
        var filled = [Int32](repeating: 0, count: items.count)
        for (key, item) in zip(keys, items) {
            let key = Int(key)
            if ends[key] > starts[key], filled[Int(ends[key]) - 1] == item { continue }
            filled[Int(ends[key])] = item
            ends[key] += 1
        }
        // Close the gaps the repeats left.
        var compacted = [Int32]()
        compacted.reserveCapacity(filled.count)
        var compactedStarts = [Int32](repeating: 0, count: count + 1)
        for key in 0..<count {
            compacted.append(contentsOf: filled[Int(starts[key])..<Int(ends[key])])
            compactedStarts[key + 1] = Int32(compacted.count)
        }
        self.starts = compactedStarts
        self.items = compacted
    }

    subscript(key: Int) -> ArraySlice<Int32> {
        items[Int(starts[key])..<Int(starts[key + 1])]
    }

    /// The items of a run of keys, one list after another.
    subscript(keys: Range<Int>) -> ArraySlice<Int32> {
        items[Int(starts[keys.lowerBound])..<Int(starts[keys.upperBound])]
    }
}
