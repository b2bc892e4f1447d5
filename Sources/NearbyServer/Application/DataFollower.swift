/// What brings the served data forward by itself, beside the server (`nearby
/// serve --replication`: an OpenStreetMap replication feed followed into the
/// store). It runs until the server stops and tells of each update it wrote,
/// which the server then loads (`DataReloadService`), and of each look that
/// failed; /metrics counts both.
public protocol DataFollower: Sendable {
    func follow(_ report: @escaping @Sendable (DataFollowerEvent) async -> Void) async throws
}

public enum DataFollowerEvent: Sendable, Equatable {
    /// An update written to the store: this many replication sequences, and what changed, in words.
    case applied(sequences: Int, summary: String)
    /// A look that failed (the data is as it was) and is tried again at the next.
    case failed(Failure, reason: String)

    public enum Failure: String, Sendable {
        /// The feed could not be read, or gave what it should not.
        case fetch
        /// What it gave could not be applied to the store.
        case update
    }
}
