import Foundation
import NearbyKit

/// Serves places from a dataset file on this machine.
///
/// Every fetch looks at the file first and reloads it if it changed on
/// disk, so a refresh sees new data without a restart; a file that became
/// missing or invalid fails that fetch and leaves the last good store for
/// the next one. Work happens when the publisher is subscribed to, on the
/// subscriber's scheduler.
public final class LocalPlaceService: PlaceWebService, @unchecked Sendable {
    public let dataURL: URL?
    private let lock = NSLock()
    private var loaded: (store: PlaceStore, dataset: PlacesDataset, stamp: FileStamp?)?

    /// Serves a dataset file, (re)loaded on demand.
    public init(dataURL: URL) {
        self.dataURL = dataURL
    }

    /// Serves places held in memory.
    public init(dataset: PlacesDataset) {
        dataURL = nil
        let dataset = dataset.withDefaultTimeZone()
        loaded = (PlaceStore(dataset: dataset), dataset, nil)
    }

    public func fetchPlaces(_ query: PlaceQuery) -> AnyPublisher<[Place], NearbyAPIError> {
        Deferred { [self] in
            Future { promise in
                promise(query.validated().flatMap { query in
                    self.currentStore().map { store in
                        store.places(near: query.center, within: query.radius,
                                     in: query.categories.isEmpty ? nil : query.categories,
                                     limit: query.limit).map(\.place)
                    }
                })
            }
        }.eraseToAnyPublisher()
    }

    public func fetchPlace(id: PlaceID) -> AnyPublisher<Place, NearbyAPIError> {
        Deferred { [self] in
            Future { promise in
                promise(self.currentStore().flatMap { store in
                    store.place(id: id).map(Result.success) ?? .failure(.unknownPlace(id))
                })
            }
        }.eraseToAnyPublisher()
    }

    /// The dataset as last loaded (for its attribution and time zone).
    public func currentDataset() -> Result<PlacesDataset, NearbyAPIError> {
        current().map(\.dataset)
    }

    private func currentStore() -> Result<PlaceStore, NearbyAPIError> {
        current().map(\.store)
    }

    private func current() -> Result<(store: PlaceStore, dataset: PlacesDataset), NearbyAPIError> {
        lock.lock()
        defer { lock.unlock() }
        guard let dataURL else {
            return loaded.map { .success(($0.store, $0.dataset)) } ?? .failure(.dataMissing(path: "(memory)"))
        }
        let stamp = FileStamp(of: dataURL)
        if let loaded, stamp != nil, loaded.stamp == stamp { return .success((loaded.store, loaded.dataset)) }
        do {
            let dataset = try PlacesDataset.load(from: dataURL).withDefaultTimeZone()
            let store = PlaceStore(dataset: dataset)
            loaded = (store, dataset, stamp)
            return .success((store, dataset))
        } catch {
            return .failure(NearbyAPIError(error))
        }
    }
}

/// What tells that a file changed without reading it (also what
/// `nearby feed --watch` polls, so both agree on what "changed" means).
public struct FileStamp: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modified: timespec

    public init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    public static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}

extension NearbyAPIError {
    public init(_ error: DatasetError) {
        switch error {
        case .missing(let path): self = .dataMissing(path: path)
        case .unreadable(let path, let reason): self = .dataUnreadable(path: path, reason: reason)
        case .invalid(let path, let location, let reason): self = .invalidData(path: path, location: location, reason: reason)
        }
    }
}
