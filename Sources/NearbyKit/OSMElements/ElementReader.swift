import Foundation

/// Reads OpenStreetMap elements through osmium as OPL lines: every element
/// of an extract (`osmium cat`), or the net effect of change files
/// (`osmium merge-changes --simplify`: the newest version of each object,
/// deletions as elements that are not visible).
///
/// What an update keeps of an element is what exporting it again needs:
/// every node's location, every way's nodes and every relation's members
/// (a way a change makes a place uses nodes no place used before), but the
/// tags only of elements the import reads (`relevant`), since an element
/// whose tags no filter matches is dropped by the import whatever they are.
public struct ElementReader: Sendable {
    public var osmium: URL

    public init(osmium: URL) {
        self.osmium = osmium
    }

    /// The import's filters (`OSMImporter`): whether it reads an element of
    /// this kind with these tags (OPL's `T` field). Only the values of the
    /// keys some filter names are decoded: this is asked of every tagged
    /// element of an extract.
    public static func isRelevant(_ element: OSMElement) -> Bool {
        let type = element.kind.name
        for (key, written) in element.tagPairs {
            guard let filters = filtersByKey[key] else { continue }
            let value = OSMElement.unescaped(written)
            if filters.contains(where: { $0.matches(type: type, value: value) }) { return true }
        }
        return false
    }

    private static let filtersByKey = Dictionary(grouping: FeatureCollector.readFilters, by: \.key)

    /// Every element of `extract`, in file order, with the tags of those the import does not read left out.
    public func elements(of extract: URL, _ each: (OSMElement) throws -> Void) throws {
        // With the version alone of the metadata: all an update compares, and a third of the bytes.
        try run(["cat", extract.path, "-f", "opl,add_metadata=version", "-o", "-"]) { element in
            var element = element
            if !element.tags.isEmpty, !Self.isRelevant(element) { element.tags = "" }
            try each(element)
        }
    }

    /// Starts reading every element of `extract` (as `elements(of:)`) on a
    /// thread of its own, so that the caller's own work goes on meanwhile:
    /// an import writes its places while osmium and this read the elements.
    public func reading(_ extract: URL) -> Reading {
        Reading(self, extract)
    }

    /// Elements being read (`reading`); `wait` gives them, or what the read threw.
    public final class Reading: @unchecked Sendable {
        private let done = DispatchGroup()
        // Written once on the reading thread before `done` is left, read after waiting for it.
        private var result: Result<[[OSMElement]], any Error> = .success([])

        fileprivate init(_ reader: ElementReader, _ extract: URL) {
            done.enter()
            // A thread of its own, not a global queue's: the caller may be one of the few
            // threads such queues share with Swift's tasks, and block on it in `wait`.
            Thread {
                self.result = Result {
                    // In parts: one array of millions would be copied whole each time it grew.
                    var parts: [[OSMElement]] = []
                    try reader.elements(of: extract) { element in
                        if parts.isEmpty || parts[parts.count - 1].count == 1 << 16 {
                            parts.append([])
                            parts[parts.count - 1].reserveCapacity(1 << 16)
                        }
                        parts[parts.count - 1].append(element)
                    }
                    return parts
                }
                self.done.leave()
            }.start()
        }

        /// The elements, in the file's order.
        public func wait() throws -> FlattenSequence<[[OSMElement]]> {
            done.wait()
            return try result.get().joined()
        }
    }

    /// What `changes` do, applied in order, one element per object changed:
    /// its newest version, not visible when deleted. Tags are kept whole, so
    /// that what an element was and is can both be judged.
    public func changes(_ changes: [URL], _ each: (OSMElement) throws -> Void) throws {
        try run(["merge-changes", "--simplify"] + changes.map(\.path) + ["-f", "opl", "-o", "-"], each)
    }

    private func run(_ arguments: [String], _ each: (OSMElement) throws -> Void) throws {
        try OsmiumPipeline.run(osmium, arguments[0], arguments) { line in
            guard let element = OSMElement(opl: String(decoding: line, as: UTF8.self)) else {
                throw ImportError.osmiumFailed("unexpected output from osmium \(arguments[0])")
            }
            try each(element)
        }
    }
}
