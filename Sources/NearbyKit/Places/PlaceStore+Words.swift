/// The places all of a name search's typed words share, from the word index's runs.
extension PlaceStore {
    /// The places in a run of every typed word's runs (each word's given rarest first).
    func sharedPlaces(_ words: [[ArraySlice<Int32>]]) -> BitSet {
        var shared = BitSet(capacity: places.count)
        for run in words[0] { for item in run { shared.insert(item) } }
        for word in words.dropFirst() {
            var next = BitSet(capacity: places.count)
            for run in word { for item in run where shared.contains(item) { next.insert(item) } }
            shared = next
        }
        return shared
    }

    /// A lone run already in increasing order (one word's places): itself.
    static func increasing(_ runs: [ArraySlice<Int32>]) -> ArraySlice<Int32>? {
        guard runs.count == 1, zip(runs[0], runs[0].dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return runs[0]
    }

    /// The places in any of `runs`, in increasing order, each once: a few
    /// sorted, more marked in a set of bits and read back.
    func union(_ runs: [ArraySlice<Int32>]) -> ArraySlice<Int32> {
        let count = runs.reduce(0) { $0 + $1.count }
        if count <= 2048 {
            var sorted = runs.flatMap { $0 }
            sorted.sort()
            var kept = 0
            for item in sorted where kept == 0 || sorted[kept - 1] != item {
                sorted[kept] = item
                kept += 1
            }
            return sorted[..<kept]
        }
        var set = BitSet(capacity: places.count)
        for run in runs { for item in run { set.insert(item) } }
        return set.members[...]
    }
}
