import Foundation
import NearbyKit
import NearbySQLite
import NearbyUpdate

/// A GeoPackage file as an update brings it forward: in place where it
/// lies (`GeoPackageUpdate`), or written whole beside itself and renamed
/// over; either under `StoreLock`, from the first read to the last write.
public struct GeoPackageStore: UpdatableStore {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    public var name: String { file.path }
    public var importCommand: String { "nearby import EXTRACT --out \(file.path)" }

    public func replication() async throws -> ReplicationState? {
        try opened().info.replication
    }

    public func withWriter<T: Sendable>(_ body: (any StoreWriter) async throws -> T) async throws -> T {
        _ = try opened()
        // Per update, not per run: a follower waiting for its next look lets an import in.
        let lock: StoreLock?
        do { lock = try StoreLock.acquire(file) } catch { throw UpdateFailure(error.localizedDescription, exitCode: error.exitCode) }
        defer { withExtendedLifetime(lock) {} }
        return try await body(Writer(file: file))
    }

    /// The store opened where it lies, its metadata read; a places GeoJSON is refused, with what to do instead.
    private func opened() throws -> GeoPackagePlaces {
        guard try PlacesFile.format(of: file) == .geoPackage else {
            throw UpdateFailure(
                "\(file.path) is a places GeoJSON, which keeps no extract to update: import the extract into a GeoPackage "
                    + "(nearby import EXTRACT --out places.gpkg) and update that", exitCode: 65)
        }
        return try GeoPackagePlaces(url: file)
    }

    private struct Writer: StoreWriter {
        let file: URL

        func keepsElements() -> Bool { GeoPackageUpdate.isPossible(in: file) }

        func standing() throws -> StoreStanding {
            let info = try GeoPackagePlaces(url: file).info
            return StoreStanding(timeZone: info.timeZone, source: info.source, replication: info.replication)
        }

        func places() throws -> [Place] { try GeoPackagePlaces(url: file).dataset(addressSources: false).places }

        func copyExtract(to extract: URL) throws -> Bool { try ExtractTable.copy(from: file, to: extract) }

        func update(by changes: [URL], osmium: URL, replication: ReplicationState?, scratch: URL) async throws -> InPlaceOutcome {
            let done = try await GeoPackageUpdate.run(changes, to: file, osmium: osmium, replication: replication, scratch: scratch)
            return InPlaceOutcome(changed: done.outcome, placeCount: done.placeCount)
        }

        /// With the elements, which a store imported before they were kept lacks: later updates are in place.
        func write(
            _ dataset: PlacesDataset, extract: URL, inputs: Set<FileIdentity>, osmium: URL, written: @escaping @Sendable (Int, Int) -> Void
        ) throws -> [Place] {
            try GeoPackageWriter.write(dataset, to: file, extract: extract, elements: ElementReader(osmium: osmium), inputs: inputs) {
                done in
                written(done, dataset.places.count)
            }
            return dataset.places
        }
    }
}
