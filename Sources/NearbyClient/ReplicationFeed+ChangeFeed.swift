import Foundation
import NearbyKit
import NearbyUpdate

/// The feed as a follower reads it (`FeedFollower`), its failures told apart
/// by whether the next look may do better.
extension ReplicationFeed: ChangeFeed {
    public var address: String { baseURL.absoluteString }

    public func latestState() async throws(FeedFailure) -> ReplicationState {
        do { return try await latest() } catch { throw FeedFailure(error) }
    }

    public func changeFile(_ sequence: Int, into folder: URL) async throws(FeedFailure) -> OSMUpdate.ChangeFile {
        do {
            return OSMUpdate.ChangeFile(try await fetch(sequence, into: folder), name: changeAddress(of: sequence))
        } catch {
            throw FeedFailure(error)
        }
    }
}

extension FeedFailure {
    init(_ error: FeedError) {
        let kind: Kind = error.isUnreachable ? .unreachable : error.isLocalFault ? .localFault : error.isTooLarge ? .tooLarge : .badAnswer
        self.init(kind, error.localizedDescription)
    }
}
