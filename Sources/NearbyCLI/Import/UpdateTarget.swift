import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyPostGIS
import NearbyService

/// The store `nearby update` brings forward whole, when it keeps no
/// elements yet (a store that keeps them is updated in place,
/// `StoreUpdater`): a GeoPackage file (written beside itself and renamed
/// over, under `StoreLock`) or a PostGIS schema (loaded beside its tables
/// and swapped in, under the importer's writer lock). Either keeps the extract its places came from. The lock is held
/// from the read of the store to the write, one update at a time.
enum UpdateTarget {
    case geoPackage(URL)
    case postGIS(PostGISStoreURL)

    /// What a store stands at before an update: its places and what is said of them.
    struct Standing {
        var places: [Place]
        var timeZone: String?
        var source: String?
        var replication: ReplicationState?
    }

    /// The store, for messages: its path, or its URL without the password.
    var name: String {
        switch self {
        case .geoPackage(let file): file.path
        case .postGIS(let url): url.description
        }
    }

    /// Where the store stands in its feed's replication.
    func replication() async throws -> ReplicationState? {
        switch self {
        case .geoPackage(let file):
            return try Self.openGeoPackage(file).info.replication
        case .postGIS(let url):
            let service = PostGISPlaceService(url: url)
            do {
                let replication = try await service.datasetInfo().replication
                await service.shutdown()
                return replication
            } catch {
                await service.shutdown()
                throw CLIError(error)
            }
        }
    }

    /// Runs one update: `change` is given the store's standing and its kept
    /// extract (written to `extract`), and returns the places and extract
    /// that replace them; both are written, wholly or not at all. Throws,
    /// leaving the store as it was, when the store keeps no extract.
    /// `afterwards` runs once they are written, still under the store's
    /// lock, so that what follows the store (its tiles) follows it in the
    /// same order; what it throws comes after the store has moved on.
    func update(
        extract: URL, inputs: Set<FileIdentity>, _ change: (Standing) async throws -> (PlacesDataset, extract: URL),
        written: @escaping @Sendable (Int, Int) -> Void, afterwards: () throws -> Void = {}
    ) async throws -> (before: [Place], after: PlacesDataset) {
        switch self {
        case .geoPackage(let file):
            // Per update, not per run: a follower waiting for its next look lets an import in.
            let lock = try StoreLock.acquire(file)
            defer { withExtendedLifetime(lock) {} }
            let opened = try Self.openGeoPackage(file)
            let before: PlacesDataset
            do { before = try opened.dataset(addressSources: false) } catch { throw CLIError(error) }
            let kept: Bool
            do { kept = try ExtractTable.copy(from: file, to: extract) } catch { throw CLIError(error) }
            guard kept else { throw noExtract }
            let (after, newExtract) = try await change(
                Standing(places: before.places, timeZone: before.timeZone, source: before.source, replication: before.replication))
            // With the elements, which a store imported before they were kept lacks: later updates are in place.
            let elements: ElementReader
            do { elements = ElementReader(osmium: try OSMImporter.locateOsmium()) } catch { throw CLIError(error) }
            do {
                try GeoPackageWriter.write(after, to: file, extract: newExtract, elements: elements, inputs: inputs) { done in
                    written(done, after.places.count)
                }
            } catch {
                throw CLIError(error)
            }
            try afterwards()
            return (before.places, after)
        case .postGIS(let url):
            let service = PostGISPlaceService(url: url)
            do {
                let result = try await PostGISImporter(url: url).withWriterLock { writer in
                    let info = try await service.datasetInfo()
                    let places = try await service.allPlaces()
                    guard try await writer.copyExtract(to: extract) else { throw noExtract }
                    let (after, newExtract) = try await change(
                        Standing(places: places, timeZone: info.timeZone, source: info.source, replication: info.replication))
                    try await writer.load(after, extract: newExtract) { progress in
                        written(progress.placesWritten, progress.placeCount)
                    }
                    try afterwards()
                    // As the store holds them (and `allPlaces` gave the old ones): each with the dataset's zone.
                    return (places, after.withDefaultTimeZone())
                }
                await service.shutdown()
                return result
            } catch let error as NearbyAPIError {
                await service.shutdown()
                throw CLIError(error)
            } catch {
                await service.shutdown()
                throw error
            }
        }
    }

    private var noExtract: CLIError {
        let again =
            switch self {
            case .geoPackage(let file): "nearby import EXTRACT --out \(file.path)"
            case .postGIS(let url): "nearby import EXTRACT --to \(url)"
            }
        return CLIError(
            message: "\(name) keeps no extract to update (a nearby from before updates imported it): import the extract again (\(again))",
            code: .dataError)
    }

    /// The store opened where it lies (its metadata read; places and addresses when asked).
    static func openGeoPackage(_ store: URL) throws -> GeoPackagePlaces {
        let format: PlacesFile.Format
        do { format = try PlacesFile.format(of: store) } catch { throw CLIError(error) }
        guard format == .geoPackage else {
            throw CLIError(
                message:
                    "\(store.path) is a places GeoJSON, which keeps no extract to update: import the extract into a GeoPackage "
                    + "(nearby import EXTRACT --out places.gpkg) and update that",
                code: .dataError)
        }
        do { return try GeoPackagePlaces(url: store) } catch { throw CLIError(error) }
    }
}
