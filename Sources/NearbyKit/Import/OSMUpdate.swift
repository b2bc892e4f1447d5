import Foundation

/// Brings a store forward by OpenStreetMap change files (osmChange,
/// `.osc` or `.osc.gz`): the extract the store was imported from, which the
/// store keeps, has the changes applied by osmium, and the result is
/// imported again whole, so that an update answers exactly as an import of
/// the newer extract would — merged node/area pairs, addresses derived from
/// renamed streets, places whose ways moved with their nodes alike.
///
/// A change file may have its replication state beside it, as a feed lays
/// them out (`…/947.osc.gz` and `…/947.state.txt`): then its sequence number
/// must follow the store's, so a change is not applied twice or with one
/// missing between.
public struct OSMUpdate {
    /// A change file and the replication state beside it, if there is one.
    public struct ChangeFile: Sendable, Equatable {
        public var url: URL
        public var state: ReplicationState?

        /// Reads the state beside `url` (`X.state.txt` for `X.osc.gz` or `X.osc`).
        public init(_ url: URL) {
            self.url = url
            let name = url.lastPathComponent
            let stem = [".osc.gz", ".osc.bz2", ".osc"].first { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) }
            state = stem.flatMap { stem in
                let beside = url.deletingLastPathComponent().appendingPathComponent(stem + ".state.txt")
                return (try? String(contentsOf: beside, encoding: .utf8)).flatMap { ReplicationState(stateFile: $0) }
            }
        }

        public init(url: URL, state: ReplicationState?) {
            self.url = url
            self.state = state
        }
    }

    public var osmium: URL
    /// What the store says of itself, kept through the update.
    public var timeZone: String?
    public var source: String?
    public var replication: ReplicationState?
    /// Refuses changes of more objects than this, all files together (a
    /// vandal's edit, a botched diff) until asked again with a larger one.
    public var maximumChanges: Int?

    public init(osmium: URL, timeZone: String?, source: String?, replication: ReplicationState?) {
        self.osmium = osmium
        self.timeZone = timeZone
        self.source = source
        self.replication = replication
    }

    /// `extract` with `changes` applied, in order, written to `output`
    /// (`osmium apply-changes`, which keeps no header options).
    public static func apply(_ changes: [URL], to extract: URL, output: URL, osmium: URL) throws {
        try OsmiumPipeline(osmium: osmium, input: extract, filters: [], showProgress: false).applyChanges(
            changes, header: [:], output: output)
    }

    /// Where the store will stand after `changes`: the last file's state
    /// when it has one, else the store's feed with the newest object's
    /// time in the changes (and no sequence number, which only a state file
    /// says). Refuses a sequence the store has, or one that skips some.
    public func checkedState(after changes: [ChangeFile], newestObject: () throws -> Date?) throws -> ReplicationState {
        var expected = replication?.sequence.map { $0 + 1 }
        for change in changes {
            guard let sequence = change.state?.sequence else {
                expected = nil
                continue
            }
            if let standing = replication?.sequence, sequence <= standing {
                throw UpdateError.alreadyApplied(change.url.path, sequence: sequence, standing: standing)
            }
            if let expected, sequence != expected {
                throw UpdateError.sequenceGap(change.url.path, sequence: sequence, expected: expected)
            }
            expected = sequence + 1
        }
        if let last = changes.last?.state {
            return ReplicationState(timestamp: last.timestamp, sequence: last.sequence, baseURL: replication?.baseURL)
        }
        let newest = try newestObject()
        let timestamp = [replication?.timestamp, newest].compactMap { $0 }.max()
        return ReplicationState(timestamp: timestamp, sequence: nil, baseURL: replication?.baseURL)
    }

    /// Applies `changes` to `extract`, writing the newer extract to
    /// `newExtract`, and imports it; the dataset keeps the store's time
    /// zone, source and feed.
    public func run(
        extract: URL, changes: [ChangeFile], newExtract: URL, progress: (OSMImporter.Progress) -> Void = { _ in }
    ) throws -> (PlacesDataset, OSMImporter.Report) {
        let pipeline = OsmiumPipeline(osmium: osmium, input: extract, filters: [], showProgress: false)
        let state = try checked(changes)
        do {
            try pipeline.applyChanges(changes.map(\.url), header: state.headerOptions, output: newExtract)
        } catch ImportError.osmiumFailed(let reason) {
            throw UpdateError.changesUnreadable(Self.name(of: changes), reason: reason)
        }
        var importer = OSMImporter(osmium: osmium, timeZone: timeZone)
        importer.replicationURL = state.baseURL
        var (dataset, report) = try importer.run(input: newExtract, progress: progress)
        dataset.source = source
        return (dataset, report)
    }

    /// The change files, in a sentence saying osmium could not apply them.
    public static func name(of changes: [ChangeFile]) -> String {
        changes.count == 1 ? changes[0].url.path : "the change files"
    }

    /// Where the store will stand after `changes` (`checkedState`), once
    /// they are found to hold no more objects than `maximumChanges`.
    public func checked(_ changes: [ChangeFile]) throws -> ReplicationState {
        let state = try checkedState(after: changes) {
            try changes.compactMap { change in
                do { return try OsmiumPipeline.newestTimestamp(in: change.url, osmium: osmium) } catch ImportError.osmiumFailed(let reason)
                {
                    throw UpdateError.changesUnreadable(change.url.path, reason: reason)
                }
            }.max()
        }
        if let maximumChanges {
            var count = 0
            for change in changes {
                do { count += try OsmiumPipeline.objectCount(in: change.url, osmium: osmium) } catch ImportError.osmiumFailed(let reason) {
                    throw UpdateError.changesUnreadable(change.url.path, reason: reason)
                }
            }
            if count > maximumChanges { throw UpdateError.tooManyChanges(count, maximum: maximumChanges) }
        }
        return state
    }
}

public enum UpdateError: Error, Equatable, LocalizedError {
    case alreadyApplied(String, sequence: Int, standing: Int)
    case sequenceGap(String, sequence: Int, expected: Int)
    case changesUnreadable(String, reason: String)
    case tooManyChanges(Int, maximum: Int)

    public var errorDescription: String? {
        switch self {
        case .alreadyApplied(let path, let sequence, let standing):
            "\(path) is replication sequence \(sequence), which the store already has (it stands at \(standing))"
        case .sequenceGap(let path, let sequence, let expected):
            "\(path) is replication sequence \(sequence), but the next one to apply is \(expected): apply the ones between first"
        case .changesUnreadable(let path, let reason):
            "osmium could not apply \(path): \(reason)"
        case .tooManyChanges(let count, let maximum):
            "the changes touch \(count) objects, more than --max-changes \(maximum): "
                + "look at them, then run again with a larger --max-changes"
        }
    }
}
