import NearbyUpdate

/// `nearby serve --replication`: the server follows the feed itself, told
/// of each update (which it loads) and each failed look (which it logs and
/// counts); a failed fetch or update is tried again at the next look.
extension FeedFollower: DataFollower {
    public func follow(_ report: @escaping @Sendable (DataFollowerEvent) async -> Void) async throws {
        var follower = self
        follower.outlivesFailures = true
        // A server's stderr is its log: no progress drawn there.
        follower.updater.progress = { _ in }
        try await follower.run { event in
            switch event {
            case .applied(let sequences, let summary): await report(.applied(sequences: sequences, summary: summary))
            case .upToDate: break
            case .failed(let failure, .fetch): await report(.failed(.fetch, reason: failure.message))
            case .failed(let failure, .update): await report(.failed(.update, reason: failure.message))
            }
        }
    }
}
