/// Binary search over sorted data: the word index's words and variant hashes, a walk's positions.
extension Collection {
    /// The index of the first element of which `belongsBefore` is false, in a
    /// collection where it is true of a run at the start and false of the rest.
    func partitionPoint(_ belongsBefore: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongsBefore(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
