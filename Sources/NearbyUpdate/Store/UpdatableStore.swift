import Foundation
import NearbyKit

/// A store as an update sees it: what it is called, where it stands in its
/// feed, and its writer, held one update at a time from the first read to
/// the last write (`StoreUpdater` runs an update through it). The stores'
/// modules say once each how they are brought forward (`GeoPackageStore`,
/// `PostGISStore`); the command line's composition root chooses which.
public protocol UpdatableStore: Sendable {
    /// The store, for messages: its path, or its URL without the password.
    var name: String { get }
    /// The command that imports an extract into this store again, for one
    /// that keeps none to update: `nearby import EXTRACT --out places.gpkg`.
    var importCommand: String { get }
    /// Where the store stands in its feed's replication.
    func replication() async throws -> ReplicationState?
    /// Runs `body` with the store's writer, holding its lock throughout:
    /// another writer is refused meanwhile.
    func withWriter<T: Sendable>(_ body: (any StoreWriter) async throws -> T) async throws -> T
}

/// A store under its writer lock: how it is brought forward in place, and
/// how it is written whole.
public protocol StoreWriter {
    /// Whether it keeps the elements an update in place needs: a store
    /// imported by a nearby from before it does once it is written whole.
    func keepsElements() async throws -> Bool
    /// Its zone, source and replication state.
    func standing() async throws -> StoreStanding
    /// Every place it holds, as it gives them out.
    func places() async throws -> [Place]
    /// Copies the extract the store keeps to `file`; false when it keeps none.
    func copyExtract(to file: URL) async throws -> Bool
    /// Brings the store forward where it lies by `changes` (checked already:
    /// their sequence, their size), in one transaction, recording `replication`.
    func update(by changes: [URL], osmium: URL, replication: ReplicationState?, scratch: URL) async throws -> InPlaceOutcome
    /// Replaces the store whole by `dataset` and the extract it was imported
    /// from; the places as the store holds them now. `written` is told of the
    /// places written so far, of all.
    func write(
        _ dataset: PlacesDataset, extract: URL, inputs: Set<FileIdentity>, osmium: URL, written: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> [Place]
}

/// What a store says of itself, which an update keeps.
public struct StoreStanding: Sendable {
    public var timeZone: String?
    public var source: String?
    public var replication: ReplicationState?

    public init(timeZone: String?, source: String?, replication: ReplicationState?) {
        self.timeZone = timeZone
        self.source = source
        self.replication = replication
    }
}

/// An update in place: the places it removed and wrote, and how many the store holds after it.
public struct InPlaceOutcome: Sendable {
    public var changed: IncrementalUpdate.Outcome
    public var placeCount: Int

    public init(changed: IncrementalUpdate.Outcome, placeCount: Int) {
        self.changed = changed
        self.placeCount = placeCount
    }
}
