import Foundation
import NearbyKit

/// Follows an OpenStreetMap replication feed from the sequence the store
/// records: fetches each sequence it lacks, a batch at a time, and applies
/// each batch as one update (`StoreUpdater`), until the store is up to date;
/// with an interval, looks again every so often. `nearby update
/// --replication` and `nearby serve --replication` are its two users; what
/// happens is told to `report`, which says it their way.
public struct FeedFollower: Sendable {
    public enum Event: Sendable {
        /// One batch applied: this many sequences; what changed, by place.
        case applied(sequences: Int, summary: String)
        case upToDate(sequence: Int)
        /// A look that failed and will be tried again at the next (only with an interval).
        case failed(UpdateFailure, stage: Stage)
    }

    /// Where a look failed.
    public enum Stage: Sendable {
        /// The feed could not be read, or gave what it should not.
        case fetch
        /// What it gave could not be applied to the store.
        case update
    }

    public var updater: StoreUpdater
    /// The feed; nil: the one the store records.
    public var address: String?
    public var batch = 100
    /// Seconds between looks once up to date; nil: catch up once and end.
    public var interval: Double?
    /// Whether any failure is reported and tried again at the next look (a
    /// server's follower), or only an unreachable feed is (`nearby update`,
    /// which ends on a bad sequence with its exit status).
    public var outlivesFailures = false
    /// The feed at an address (`ReplicationFeed`); an `UpdateFailure` for an address that is none.
    private let openFeed: @Sendable (String) throws(UpdateFailure) -> any ChangeFeed

    public init(
        updater: StoreUpdater, address: String?, batch: Int = 100, interval: Double?,
        openFeed: @escaping @Sendable (String) throws(UpdateFailure) -> any ChangeFeed
    ) {
        self.updater = updater
        self.address = address
        self.batch = batch
        self.interval = interval
        self.openFeed = openFeed
    }

    /// The feed to follow and the sequence the store stands at; a failure
    /// when the store records neither feed nor sequence.
    public func startingPoint() async throws(UpdateFailure) -> (feed: String, sequence: Int) {
        let store = updater.store
        let standing: ReplicationState?
        do { standing = try await store.replication() } catch { throw UpdateFailure(error) }
        guard let address = address ?? standing?.baseURL else {
            throw UpdateFailure(
                "\(store.name) records no replication feed (its extract's header named none): "
                    + "name one (nearby update --replication URL, nearby serve --replication-url URL)", exitCode: 64)
        }
        guard let sequence = standing?.sequence else {
            throw UpdateFailure(
                "\(store.name) does not know its replication sequence (its extract's header has none), "
                    + "so a feed cannot say what it lacks: import an extract whose header has one, or apply change files", exitCode: 65)
        }
        return (address, sequence)
    }

    /// Follows until up to date, or with an interval until cancelled. Each
    /// batch is one update: one that fails leaves the store at the last
    /// batch applied. Throws an `UpdateFailure`, or `CancellationError`.
    public func run(_ report: @Sendable (Event) async -> Void) async throws {
        while true {
            var caughtUp = true
            do {
                let (address, sequence) = try await startingPoint()
                let feed = try openFeed(address)
                do {
                    caughtUp = try await catchUp(from: sequence, with: feed, report)
                    await feed.shutdown()
                } catch {
                    await feed.shutdown()
                    throw error
                }
            } catch let failure as FetchFailure where interval != nil && (outlivesFailures || failure.isUnavailable) {
                await report(.failed(failure.failure, stage: .fetch))
            } catch let failure as FetchFailure {
                throw failure.failure
            } catch  where interval != nil && outlivesFailures && !(error is CancellationError) && !Task.isCancelled {
                await report(.failed(UpdateFailure(error), stage: .update))
            }
            if !caughtUp { continue }
            guard let interval else { return }
            try await Task.sleep(for: .seconds(interval))
        }
    }

    /// A failure to read the feed, told apart from one to apply what it gave.
    private struct FetchFailure: Error {
        var failure: UpdateFailure
        var isUnavailable: Bool { failure.exitCode == 69 }

        /// A look at where the feed stands: an answer that is no state may be a
        /// feed down for a moment (69); one too large, or not a file, is not.
        init(state error: FeedFailure) {
            let code: Int32 =
                switch error.kind {
                case .localFault: 74
                case .tooLarge: 65
                case .unreachable, .badAnswer: 69
                }
            failure = UpdateFailure(error.message, exitCode: code)
        }

        /// A change file's fetch: only an unreachable feed is tried again.
        init(change error: FeedFailure) {
            let code: Int32 =
                switch error.kind {
                case .unreachable: 69
                case .localFault: 74
                case .tooLarge, .badAnswer: 65
                }
            failure = UpdateFailure(error.message, exitCode: code)
        }

        init(_ failure: UpdateFailure) { self.failure = failure }
    }

    /// One batch from `feed` applied to the store standing at `sequence`; whether the store is up to date.
    private func catchUp(from sequence: Int, with feed: any ChangeFeed, _ report: @Sendable (Event) async -> Void) async throws -> Bool {
        let latest: ReplicationState
        do { latest = try await feed.latestState() } catch { throw FetchFailure(state: error) }
        let newest = latest.sequence ?? sequence
        guard newest >= sequence else {
            throw FetchFailure(
                UpdateFailure(
                    "the replication feed \(feed.address) stands at sequence \(newest), behind \(updater.store.name)'s "
                        + "\(sequence): it is not the feed the store follows (or it was reset); name the store's feed", exitCode: 65))
        }
        guard newest > sequence else {
            await report(.upToDate(sequence: sequence))
            return true
        }
        let last = min(newest, sequence + batch)
        let scratch = try StoreUpdater.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var fetched: [OSMUpdate.ChangeFile] = []
        for next in (sequence + 1)...last {
            updater.progress(.fetching(next, of: newest))
            do {
                fetched.append(try await feed.changeFile(next, into: scratch))
            } catch {
                updater.progress(.ended)
                throw FetchFailure(change: error)
            }
        }
        updater.progress(.ended)
        let summary = try await updater.apply(fetched)
        await report(.applied(sequences: fetched.count, summary: summary))
        return last == newest
    }
}
