/// What the updates in place between two revisions of a store changed, for
/// a reader holding the older one in memory to bring it forward instead of
/// reading the store whole (a server following a feed over a million
/// places). A revision is a token each import and each update in place
/// draws anew, so a copy updated apart from another is never taken for it.
public struct StoreChanges: Sendable {
    /// The revision these changes reach.
    public var revision: String
    /// The places removed, added or written again.
    public var placeIDs: Set<PlaceID> = []
    /// Those of them the store holds now, as stored.
    public var places: [Place] = []
    /// The address sources removed, added or written again.
    public var sourceIDs: Set<PlaceID> = []
    /// Those of them the store holds now.
    public var sources = AddressSources()
    /// What the store says of all its places now.
    public var center: Coordinate?
    public var replication: ReplicationState?

    public init(revision: String) {
        self.revision = revision
    }
}
