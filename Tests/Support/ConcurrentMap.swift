/// `body`'s answer for each element, in the elements' order, with up to
/// `width` of them asked at once: a test that puts a thousand questions to
/// a store, one after another, spends most of its time waiting for each
/// answer, and ends alone with one core busy after the rest of the suite.
public func concurrentMap<Element: Sendable, Answer: Sendable>(
    _ elements: [Element], width: Int = 4, _ body: @escaping @Sendable (Element) async throws -> Answer
) async throws -> [Answer] {
    precondition(width > 0)
    return try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
        var answers = [Answer?](repeating: nil, count: elements.count)
        var next = 0
        var asked = 0
        while next < elements.count || asked > 0 {
            while next < elements.count, asked < width {
                let index = next
                group.addTask { (index, try await body(elements[index])) }
                next += 1
                asked += 1
            }
            if let (index, answer) = try await group.next() { answers[index] = answer }
            asked -= 1
        }
        return answers.map { $0! }
    }
}
