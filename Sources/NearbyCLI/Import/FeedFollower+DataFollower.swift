import NearbyServer

/// `nearby serve --replication`: the server follows the feed itself, told
/// of each update (which it loads) and each failed look (which it logs and
/// counts); a failed fetch or update is tried again at the next look.
extension FeedFollower: DataFollower {
    func follow(_ report: @escaping @Sendable (DataFollowerEvent) async -> Void) async throws {
        var follower = self
        follower.outlivesFailures = true
        follower.updater.showsProgress = false
        try await follower.run { event in
            switch event {
            case .applied(let sequences, let summary): await report(.applied(sequences: sequences, summary: summary))
            case .upToDate: break
            case .failed(let error, let stage): await report(.failed(stage, reason: error.message))
            }
        }
    }
}
