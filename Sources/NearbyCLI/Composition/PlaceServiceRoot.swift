import Foundation
import NearbyClient
import NearbyGeoPackage
import NearbyPostGIS
import NearbyService
import NearbyUpdate

/// The one place that turns options into a place service, for every command
/// that answers from places (`list`, `show`, `feed`, `serve`), as
/// Hummingbird's examples build their repository in `buildApplication`.
struct PlaceServiceRoot {
    /// What the commands ask.
    let service: any PlaceWebService
    /// The same service when its data can be read again (SIGHUP, refresh); nil for a remote one.
    let reloadable: (any ReloadablePlaceService)?
    /// The local data file, which maps draw missing tiles from (its extract sits beside it).
    let dataURL: URL?
    private let close: @Sendable () async -> Void

    /// How a local file is answered from.
    enum Answering {
        /// Where it lies (a GeoPackage's index), for one-shot commands and the feed.
        case inPlace
        /// Every place read into memory, for a server's microsecond queries.
        case fromMemory
    }

    init(_ options: ServiceOptions, answering: Answering = .inPlace) throws {
        if let store = options.store {
            let database = try StoreOption.service(store)
            service = database
            reloadable = database
            dataURL = nil
            close = { await database.shutdown() }
        } else if let service = options.service {
            let remote: HTTPPlaceService
            do { remote = try HTTPPlaceService(baseURL: service) } catch {
                throw CLIError.usage("--service \(service): \(error.localizedDescription)")
            }
            self.service = remote
            reloadable = nil
            dataURL = nil
            close = { await remote.shutdown() }
        } else {
            let url = options.dataURL()
            try InputFile.check(url, what: "places dataset")
            let local = LocalPlaceService(dataURL: url, open: answering == .inPlace ? PlacesFile.openInPlace : PlacesFile.readIntoMemory)
            service = local
            reloadable = local
            dataURL = url
            close = {}
        }
    }

    /// Where the extract the store keeps is read from, for maps that draw the tiles their set lacks.
    var keptStore: KeptExtract.Store {
        if let database = service as? PostGISPlaceService { return .postGIS(database) }
        return dataURL.map { .file($0) } ?? .none
    }

    /// The store an update writes: the PostGIS database behind `--store`,
    /// else the GeoPackage file given (`update --data`, `serve --data`). The
    /// one place the kind of store is chosen for updates.
    static func updatableStore(store: String?, file: URL?) throws -> any UpdatableStore {
        if let store {
            do { return PostGISStore(url: try PostGISStoreURL(store)) } catch {
                throw CLIError.usage("--store: \(error.localizedDescription)")
            }
        }
        guard let file else {
            throw CLIError.usage("an update needs a store to write: a GeoPackage (--data FILE) or PostGIS (--store URL)")
        }
        return GeoPackageStore(file: file)
    }

    /// Releases connections; call before exiting.
    func shutdown() async {
        await close()
    }

    /// Builds the service, runs `body` with it and shuts it down, whether
    /// `body` succeeds or fails: what one-shot commands need.
    static func using<T>(_ options: ServiceOptions, _ body: (PlaceServiceRoot) async throws -> T) async throws -> T {
        let root = try PlaceServiceRoot(options)
        do {
            let value = try await body(root)
            await root.shutdown()
            return value
        } catch {
            await root.shutdown()
            throw error
        }
    }
}
