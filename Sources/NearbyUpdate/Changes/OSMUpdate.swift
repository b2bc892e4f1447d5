import Foundation
import NearbyKit

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
        /// A state file beside it that is there but does not read as one:
        /// the update is refused, rather than the store's sequence lost.
        public var unreadableState: UnreadableState?
        /// What messages call it: its path, or where it was fetched from.
        public var name: String

        /// Reads the state beside `url` (`X.state.txt` for `X.osc.gz` or `X.osc`).
        public init(_ url: URL, name: String? = nil) {
            self.url = url
            self.name = name ?? url.path
            let file = url.lastPathComponent
            guard let stem = [".osc.gz", ".osc.bz2", ".osc"].first(where: { file.hasSuffix($0) }).map({ String(file.dropLast($0.count)) })
            else { return }
            let beside = url.deletingLastPathComponent().appendingPathComponent(stem + ".state.txt")
            let bytes: Data
            do {
                // A state file is a few lines: past 64 KB it is something else (or /dev/zero), never read whole.
                bytes = try DatasetFile.prefix(of: beside, count: Self.maximumStateBytes + 1)
            } catch .missing {
                return
            } catch .unreadable(_, let reason) {
                unreadableState = UnreadableState(path: beside.path, reason: reason, isNotAFile: reason.hasPrefix("it is"))
                return
            } catch {
                unreadableState = UnreadableState(path: beside.path, reason: error.localizedDescription, isNotAFile: false)
                return
            }
            guard bytes.count <= Self.maximumStateBytes else {
                unreadableState = UnreadableState(path: beside.path, reason: "it is larger than 64 KB", isNotAFile: false)
                return
            }
            guard let read = ReplicationState(stateFile: String(decoding: bytes, as: UTF8.self)) else {
                unreadableState = UnreadableState(
                    path: beside.path, reason: "it does not say a sequenceNumber= of 0 or more and an ISO 8601 timestamp=",
                    isNotAFile: false)
                return
            }
            state = read
        }

        public init(url: URL, state: ReplicationState?, name: String? = nil) {
            self.url = url
            self.state = state
            self.name = name ?? url.path
        }

        static let maximumStateBytes = 64 << 10
    }

    /// A replication state beside a change file that cannot be read as one.
    public struct UnreadableState: Sendable, Equatable {
        public var path: String
        public var reason: String
        /// A directory, FIFO or device rather than a file.
        public var isNotAFile: Bool
    }

    public var osmium: URL
    /// What the store says of itself, kept through the update.
    public var timeZone: String?
    public var source: String?
    public var replication: ReplicationState?
    /// Refuses changes of more objects than this, all files together (a
    /// vandal's edit, a botched diff) until asked again with a larger one.
    public var maximumChanges: Int?

    /// The default of `maximumChanges` where a command gives none: what an
    /// update holds in memory (osmium's merge of the changes, the elements
    /// read, the places re-derived) grows with the change, here to about
    /// 1 GB, or 3.5 GB where every object is an addressed place, so a change
    /// past this (a planet hour's diff is far less, a planet day's, some
    /// 330 MB gzipped by pyosmium's manual, far more) is refused before
    /// anything reads it whole (Benchmarks/README.md, "A change's size").
    public static let defaultMaximumChanges = 1_000_000

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
        var given: [Int: String] = [:]
        for change in changes {
            if let unreadable = change.unreadableState {
                throw UpdateError.stateUnreadable(
                    change.name, state: unreadable.path, reason: unreadable.reason, isNotAFile: unreadable.isNotAFile)
            }
            guard let sequence = change.state?.sequence else {
                expected = nil
                continue
            }
            if let standing = replication?.sequence, sequence <= standing {
                throw UpdateError.alreadyApplied(change.name, sequence: sequence, standing: standing)
            }
            if let earlier = given[sequence] {
                throw UpdateError.givenTwice(change.name, sequence: sequence, earlier: earlier)
            }
            if let expected, sequence != expected {
                throw UpdateError.sequenceGap(change.name, sequence: sequence, expected: expected)
            }
            given[sequence] = change.name
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
        changes.count == 1 ? changes[0].name : "the change files"
    }

    /// Where the store will stand after `changes` (`checkedState`), once
    /// they are found to hold no more objects than `maximumChanges` and no
    /// object of a negative id. Each file is read once by osmium, streaming,
    /// before anything holds it whole.
    public func checked(_ changes: [ChangeFile]) throws -> ReplicationState {
        var summaries: [OsmiumPipeline.ChangeSummary] = []
        func summary(of change: ChangeFile) throws -> OsmiumPipeline.ChangeSummary {
            do { return try OsmiumPipeline.changeSummary(in: change.url, osmium: osmium) } catch ImportError.osmiumFailed(let reason) {
                throw UpdateError.changesUnreadable(change.name, reason: reason)
            }
        }
        let state = try checkedState(after: changes) {
            summaries = try changes.map(summary)
            return summaries.compactMap(\.newest).max()
        }
        if summaries.isEmpty { summaries = try changes.map(summary) }
        for (change, summary) in zip(changes, summaries) {
            if let element = summary.negative.first { throw UpdateError.negativeID(change.name, element: element) }
        }
        if let maximumChanges {
            let count = summaries.map(\.objects).reduce(0, +)
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
    case stateUnreadable(String, state: String, reason: String, isNotAFile: Bool)
    case givenTwice(String, sequence: Int, earlier: String)
    case negativeID(String, element: String)

    /// The input is not a file that can be read (a FIFO, a device): an I/O fault (exit 74) rather than bad data.
    public var isNotAFile: Bool {
        if case .stateUnreadable(_, _, _, true) = self { return true }
        return false
    }

    public var errorDescription: String? {
        switch self {
        case .alreadyApplied(let path, let sequence, let standing):
            "\(path) is replication sequence \(sequence), which the store already has (it stands at \(standing))"
        case .sequenceGap(let path, let sequence, let expected):
            "\(path) is replication sequence \(sequence), but the next one to apply is \(expected): apply the ones between first"
        case .stateUnreadable(let path, let state, let reason, _):
            "\(state), the replication state beside \(path), cannot be read (\(reason)): nothing was applied and the store "
                + "keeps its sequence; mend the state, or move it away to apply the change without one"
        case .givenTwice(let path, let sequence, let earlier):
            earlier == path
                ? "\(path) is given twice: give each change file once"
                : "\(path) is replication sequence \(sequence), as \(earlier) before it is: give each sequence once"
        case .negativeID(let path, let element):
            "\(path) holds \(element), a negative id: an edit not yet uploaded to OpenStreetMap (as JOSM saves one), "
                + "which a store cannot follow; apply the changes OpenStreetMap published once it was uploaded"
        case .changesUnreadable(let path, let reason):
            "osmium could not apply \(path): \(reason)"
        case .tooManyChanges(let count, let maximum):
            "the changes touch \(count) objects, more than --max-changes \(maximum): "
                + "look at them, then run again with a larger --max-changes"
        }
    }
}
