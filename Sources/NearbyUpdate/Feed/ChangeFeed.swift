import Foundation
import NearbyKit

/// An OpenStreetMap replication feed as a follower reads it: where it
/// stands, and each sequence's change file. `ReplicationFeed` (NearbyClient)
/// is the one over http, https and file; the composition root makes it.
public protocol ChangeFeed: Sendable {
    /// The feed's address, for messages.
    var address: String { get }
    /// Where the feed stands now.
    func latestState() async throws(FeedFailure) -> ReplicationState
    /// Sequence `sequence`'s change file, downloaded into `folder` with its
    /// state beside it; and what messages call it (its address).
    func changeFile(_ sequence: Int, into folder: URL) async throws(FeedFailure) -> OSMUpdate.ChangeFile
    func shutdown() async
}

/// Why a feed could not be read, and whether it may answer at the next look.
public struct FeedFailure: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// It could not be asked (down for a moment, perhaps): a follower tries again.
        case unreachable
        /// An answer past what it should be (a change file past 2 GB).
        case tooLarge
        /// A `file://` feed's file that cannot be read as a file: an I/O fault.
        case localFault
        /// An answer that is not what a feed gives.
        case badAnswer
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
