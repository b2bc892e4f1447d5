import Foundation
import NearbyKit
import NearbyService
import NearbyUpdate

/// A PostGIS schema as an update brings it forward: in place, in one
/// transaction (`PostGISUpdate`), or loaded whole beside its tables and
/// swapped in; either under the importer's writer lock, from the first
/// read to the last write.
public struct PostGISStore: UpdatableStore {
    public let url: PostGISStoreURL

    public init(url: PostGISStoreURL) {
        self.url = url
    }

    public var name: String { url.description }
    public var importCommand: String { "nearby import EXTRACT --to \(url)" }

    public func replication() async throws -> ReplicationState? {
        try await withService { try await $0.datasetInfo().replication }
    }

    public func withWriter<T: Sendable>(_ body: (any StoreWriter) async throws -> T) async throws -> T {
        try await withService { service in
            try await PostGISImporter(url: url).withWriterLock { writer in try await body(Writer(writer: writer, service: service)) }
        }
    }

    /// A service reading the store for `body`, shut down after it whatever it does.
    private func withService<T>(_ body: (PostGISPlaceService) async throws -> T) async throws -> T {
        let service = PostGISPlaceService(url: url)
        do {
            let value = try await body(service)
            await service.shutdown()
            return value
        } catch {
            await service.shutdown()
            throw error
        }
    }

    private struct Writer: StoreWriter {
        let writer: PostGISImporter.Writer
        let service: PostGISPlaceService

        func keepsElements() async throws -> Bool { try await PostGISUpdate.isPossible(writer) }

        func standing() async throws -> StoreStanding {
            let standing = try await PostGISUpdate.standing(writer)
            return StoreStanding(timeZone: standing.timeZone, source: standing.source, replication: standing.replication)
        }

        func places() async throws -> [Place] { try await service.allPlaces() }

        func copyExtract(to file: URL) async throws -> Bool { try await writer.copyExtract(to: file) }

        func update(by changes: [URL], osmium: URL, replication: ReplicationState?, scratch: URL) async throws -> InPlaceOutcome {
            let done = try await PostGISUpdate.run(changes, with: writer, osmium: osmium, replication: replication, scratch: scratch)
            return InPlaceOutcome(changed: done.outcome, placeCount: done.placeCount)
        }

        /// As the store holds them (and `places()` gave the old ones): each with the dataset's zone.
        func write(
            _ dataset: PlacesDataset, extract: URL, inputs: Set<FileIdentity>, osmium: URL, written: @escaping @Sendable (Int, Int) -> Void
        ) async throws -> [Place] {
            _ = try await writer.load(dataset, extract: extract) { progress in written(progress.placesWritten, progress.placeCount) }
            return dataset.withDefaultTimeZone().places
        }
    }
}
