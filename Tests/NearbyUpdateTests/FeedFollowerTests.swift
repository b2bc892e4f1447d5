import Foundation
import NIOConcurrencyHelpers
import NearbyKit
import NearbyUpdate
import Testing

/// The follower over the two seams it is given, a store and a feed, each
/// answering as told: what it says of a store that cannot follow a feed, of a
/// feed that fails, and when there is nothing to fetch. The real feed and
/// stores are `ReplicationFeedTests`' (over loopback, the binary).
struct FeedFollowerTests {
    /// A store standing at `replication`, whose writer no test reaches.
    struct Store: UpdatableStore {
        var replication: ReplicationState?
        var name: String { "test.gpkg" }
        var importCommand: String { "nearby import EXTRACT --out test.gpkg" }
        func replication() async throws -> ReplicationState? { replication }
        func withWriter<T: Sendable>(_ body: (any StoreWriter) async throws -> T) async throws -> T {
            Issue.record("the follower wrote to the store")
            throw CancellationError()
        }
    }

    /// A feed standing at `latest`, or failing as `failure` says, at its state or its change files.
    struct Feed: ChangeFeed {
        var latest: ReplicationState
        var stateFailure: FeedFailure?
        var changeFailure: FeedFailure?
        var address: String { "https://feed.example/monaco-updates" }
        func latestState() async throws(FeedFailure) -> ReplicationState {
            if let stateFailure { throw stateFailure }
            return latest
        }
        func changeFile(_ sequence: Int, into folder: URL) async throws(FeedFailure) -> OSMUpdate.ChangeFile {
            throw changeFailure ?? FeedFailure(.badAnswer, "no change file in this test")
        }
        func shutdown() async {}
    }

    static let standing = ReplicationState(sequence: 7, baseURL: "https://feed.example/monaco-updates")

    func follower(store: ReplicationState?, feed: Feed) -> FeedFollower {
        FeedFollower(updater: StoreUpdater(store: Store(replication: store)), address: nil, interval: nil) { _ in feed }
    }

    /// What the run threw, as an update failure (nil when it ended well).
    func failure(of follower: FeedFollower) async -> UpdateFailure? {
        do {
            try await follower.run { _ in }
            return nil
        } catch {
            return error as? UpdateFailure
        }
    }

    @Test func aStoreThatRecordsNoFeedIsAskedForOne() async {
        let failure = await failure(of: follower(store: nil, feed: Feed(latest: Self.standing)))
        #expect(failure?.exitCode == 64)
        #expect(failure?.message.hasPrefix("test.gpkg records no replication feed") == true)
    }

    @Test func aStoreWithoutASequenceCannotBeFollowed() async {
        let failure = await failure(of: follower(store: ReplicationState(baseURL: "https://feed"), feed: Feed(latest: Self.standing)))
        #expect(failure?.exitCode == 65)
        #expect(failure?.message.contains("does not know its replication sequence") == true)
    }

    @Test func aFeedBehindTheStoreIsNotItsFeed() async {
        let failure = await failure(of: follower(store: Self.standing, feed: Feed(latest: ReplicationState(sequence: 5))))
        #expect(failure?.exitCode == 65)
        #expect(failure?.message.contains("stands at sequence 5, behind test.gpkg's 7") == true)
    }

    @Test func aStoreUpToDateIsToldSoAndNothingIsWritten() async throws {
        let said = LockedEvents()
        try await follower(store: Self.standing, feed: Feed(latest: Self.standing)).run { said.append($0) }
        #expect(said.events == ["up to date at 7"])
    }

    /// A state that is no state may be a feed down for a moment (69); a change file that is wrong is bad data (65).
    @Test(arguments: [
        (FeedFailure.Kind.unreachable, true, Int32(69)), (.badAnswer, true, 69), (.tooLarge, true, 65), (.localFault, true, 74),
        (.unreachable, false, 69), (.badAnswer, false, 65), (.tooLarge, false, 65), (.localFault, false, 74),
    ])
    func aFeedsFailureIsSaidWithItsStatus(kind: FeedFailure.Kind, atState: Bool, status: Int32) async {
        let failing = FeedFailure(kind, "the feed failed so")
        let feed = Feed(latest: ReplicationState(sequence: 9), stateFailure: atState ? failing : nil, changeFailure: failing)
        let failure = await failure(of: follower(store: Self.standing, feed: feed))
        #expect(failure == UpdateFailure("the feed failed so", exitCode: status))
    }

    final class LockedEvents: Sendable {
        private let said = NIOLockedValueBox<[String]>([])
        var events: [String] { said.withLockedValue { $0 } }
        func append(_ event: FeedFollower.Event) {
            let text =
                switch event {
                case .upToDate(let sequence): "up to date at \(sequence)"
                case .applied(let sequences, _): "applied \(sequences)"
                case .failed(let failure, _): "failed: \(failure.message)"
                }
            said.withLockedValue { $0.append(text) }
        }
    }
}
