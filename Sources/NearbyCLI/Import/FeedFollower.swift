import ArgumentParser
import Foundation
import NearbyClient
import NearbyKit
import NearbyServer

/// Follows an OpenStreetMap replication feed from the sequence the store
/// records: fetches each sequence it lacks, a batch at a time, and applies
/// each batch as one update (`StoreUpdater`), until the store is up to date;
/// with an interval, looks again every so often. `nearby update
/// --replication` and `nearby serve --replication` are its two users; what
/// happens is told to `report`, which says it their way.
struct FeedFollower: Sendable {
    enum Event: Sendable {
        /// One batch applied: this many sequences; what changed, by place.
        case applied(sequences: Int, summary: String)
        case upToDate(sequence: Int)
        /// A look that failed and will be tried again at the next (only with an interval).
        case failed(CLIError, stage: DataFollowerEvent.Failure)
    }

    var updater: StoreUpdater
    /// The feed; nil: the one the store records.
    var address: String?
    var batch = 100
    /// The most seconds one answer of the feed may take, whole (`ReplicationFeed`'s default when nil).
    var answerTime: Double?
    /// Seconds between looks once up to date; nil: catch up once and end.
    var interval: Double?
    /// Whether any failure is reported and tried again at the next look (a
    /// server's follower), or only an unreachable feed is (`nearby update`,
    /// which ends on a bad sequence with its exit status).
    var outlivesFailures = false

    /// The feed to follow and the sequence the store stands at; throws, with
    /// a sentence, when the store records neither feed nor sequence.
    func startingPoint() async throws -> (feed: String, sequence: Int) {
        let target = updater.target
        let standing = try await target.replication()
        guard let address = address ?? standing?.baseURL else {
            throw CLIError(
                message:
                    "\(target.name) records no replication feed (its extract's header named none): "
                    + "name one (nearby update --replication URL, nearby serve --replication-url URL)",
                code: .usage)
        }
        guard let sequence = standing?.sequence else {
            throw CLIError(
                message:
                    "\(target.name) does not know its replication sequence (its extract's header has none), "
                    + "so a feed cannot say what it lacks: import an extract whose header has one, or apply change files",
                code: .dataError)
        }
        return (address, sequence)
    }

    /// Follows until up to date, or with an interval until cancelled. Each
    /// batch is one update: one that fails leaves the store at the last
    /// batch applied.
    func run(_ report: @Sendable (Event) async -> Void) async throws {
        while true {
            var caughtUp = true
            do {
                let (address, sequence) = try await startingPoint()
                let feed: ReplicationFeed
                do { feed = try ReplicationFeed(address, answerTime: answerTime ?? ReplicationFeed.defaultAnswerTime) } catch {
                    throw CLIError(message: error.localizedDescription, code: .usage)
                }
                do {
                    caughtUp = try await catchUp(from: sequence, with: feed, report)
                    await feed.shutdown()
                } catch {
                    await feed.shutdown()
                    throw error
                }
            } catch let failure as FetchFailure where interval != nil && (outlivesFailures || failure.error.code == .unavailable) {
                await report(.failed(failure.error, stage: .fetch))
            } catch let error as CLIError where interval != nil && outlivesFailures {
                await report(.failed(error, stage: .update))
            } catch  where interval != nil && outlivesFailures && !(error is CancellationError) && !Task.isCancelled {
                // Of another kind (a file system error a writer lets through untyped), it is a failed update all the same.
                let failure = CLIError(message: "the update failed: \(error.localizedDescription)", code: .software)
                await report(.failed(failure, stage: .update))
            } catch let failure as FetchFailure {
                throw failure.error
            }
            if !caughtUp { continue }
            guard let interval else { return }
            try await Task.sleep(for: .seconds(interval))
        }
    }

    /// A failure to read the feed, told apart from one to apply what it gave.
    private struct FetchFailure: Error {
        var error: CLIError
    }

    /// One batch from `feed` applied to the store standing at `sequence`; whether the store is up to date.
    private func catchUp(from sequence: Int, with feed: ReplicationFeed, _ report: @Sendable (Event) async -> Void) async throws -> Bool {
        let latest: ReplicationState
        do { latest = try await feed.latest() } catch {
            // A feed that answers what is no state may be down for a moment (69); one too large or not a file is not.
            let code: ExitCode = error.isLocalFault ? .ioError : error.isTooLarge ? .dataError : .unavailable
            throw FetchFailure(error: CLIError(message: error.localizedDescription, code: code))
        }
        let newest = latest.sequence ?? sequence
        guard newest >= sequence else {
            throw FetchFailure(
                error: CLIError(
                    message:
                        "the replication feed \(feed.baseURL.absoluteString) stands at sequence \(newest), behind \(updater.target.name)'s "
                        + "\(sequence): it is not the feed the store follows (or it was reset); name the store's feed",
                    code: .dataError))
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
            if updater.showsProgress { StandardError.progress("fetching sequence \(next) of \(newest)") }
            do {
                fetched.append(OSMUpdate.ChangeFile(try await feed.fetch(next, into: scratch), name: feed.changeAddress(of: next)))
            } catch {
                if updater.showsProgress { StandardError.endProgress() }
                let code: ExitCode = error.isUnreachable ? .unavailable : error.isLocalFault ? .ioError : .dataError
                throw FetchFailure(error: CLIError(message: error.localizedDescription, code: code))
            }
        }
        if updater.showsProgress { StandardError.endProgress() }
        let summary = try await updater.apply(fetched)
        await report(.applied(sequences: fetched.count, summary: summary))
        return last == newest
    }
}
