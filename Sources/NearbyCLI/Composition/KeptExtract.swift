import Foundation
import MapRender
import NIOConcurrencyHelpers
import NearbyGeoPackage
import NearbyKit
import NearbyPostGIS
import NearbyService

/// Where a basemap reads the extract: the one the store keeps, which each
/// update brings forward, copied out (osmium reads files) into a folder of
/// the command's own under TMPDIR — else the one beside the data, as
/// imported (`nearby update` never touches it: it is the user's input).
/// After each reload a server's basemap `follow`s the store again, so
/// tiles drawn on demand show the store as the update left it.
///
/// A GeoPackage's extract is copied when a tile is first drawn (a map or a
/// server whose tile set lacks nothing never pays for it, and a server's
/// start reads the file once); a PostGIS store's when the server starts and
/// at each reload, as its reads are asynchronous and a tile is drawn on a
/// thread that must not wait for one.
final class KeptExtract: Sendable {
    enum Store: Sendable {
        case file(URL)
        case postGIS(PostGISPlaceService)
        case none
    }

    let folder: URL
    private let store: Store
    private let beside: URL?
    /// The copies made so far; those of earlier generations go when the basemap follows a new one.
    private let copies = NIOLockedValueBox<[URL]>([])
    /// The store as it was when the basemap was last pointed at it: a reload
    /// that finds it the same (a SIGHUP) leaves the basemap and the tiles it
    /// drew as they are, rather than reading the whole extract again.
    private let pointedAt = NIOLockedValueBox<Version?>(nil)

    /// What tells one state of the store from another: a file's stamp (an
    /// update renames a new file over it), a database's dataset (its import
    /// time and replication state).
    private enum Version: Equatable, Sendable {
        case file(FileStamp?)
        case database(DatasetInfo)
        case none
    }

    /// - Parameter beside: the extract beside the data (`MapRoot`), drawn from when the store keeps none.
    init(_ store: Store, beside: URL?) throws(CLIError) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-extract-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError(message: "cannot make a scratch folder in \(folder.path): \(error.localizedDescription)", code: .cannotCreate)
        }
        self.store = store
        self.beside = beside
    }

    /// Where the basemap reads the extract as the store stands now; nil when nothing could give one.
    func source() async throws -> OnDemandBasemap.Source? {
        let version = try await self.version()
        pointedAt.withLockedValue { $0 = version }
        if let source = fileSource() { return source }
        if case .postGIS(let service) = store {
            let file = newFile()
            if try await service.copyExtract(to: file) { return { file } }
            try? FileManager.default.removeItem(at: file)
        }
        return besideSource
    }

    /// The extract beside the data, as imported: what is drawn from when the store's cannot be had.
    var besideSource: OnDemandBasemap.Source? {
        beside.map { beside in { @Sendable in beside } }
    }

    /// For data in a file: a copy of the GeoPackage's extract, made when the
    /// basemap first reads it, else the extract beside the data.
    func fileSource() -> OnDemandBasemap.Source? {
        guard case .file(let data) = store else { return nil }
        return { [self] in
            let file = newFile()
            if try PlacesFile.format(of: data) == .geoPackage, try ExtractTable.copy(from: data, to: file) { return file }
            try? FileManager.default.removeItem(at: file)
            return try fallback()
        }
    }

    /// After a reload: if the store has moved on, `basemap` reads its extract
    /// again when it next draws, and the copies it read before go.
    func follow(_ basemap: OnDemandBasemap) async throws {
        guard try await version() != pointedAt.withLockedValue({ $0 }) else { return }
        let earlier = copies.withLockedValue { $0 }
        guard let source = try await source() else { return }
        // Once it follows, no draw reads the earlier copies: one under way holds the basemap's lock until done.
        basemap.follow(source)
        copies.withLockedValue { copies in copies.removeAll { earlier.contains($0) } }
        for file in earlier { try? FileManager.default.removeItem(at: file) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func version() async throws -> Version {
        switch store {
        case .file(let data): .file(FileStamp(atPath: data.path))
        case .postGIS(let service): .database(try await service.datasetInfo())
        case .none: .none
        }
    }

    private func fallback() throws -> URL {
        guard let beside, FileManager.default.fileExists(atPath: beside.path) else {
            throw BasemapError.extractMissing(beside?.path ?? "beside the data")
        }
        return beside
    }

    /// A file for a copy, counted among the copies.
    private func newFile() -> URL {
        let file = folder.appendingPathComponent("extract-\(UUID().uuidString).osm.pbf")
        copies.withLockedValue { $0.append(file) }
        return file
    }
}
