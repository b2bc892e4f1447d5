import Foundation
import NearbyKit
import Synchronization

/// Serves places from a dataset file on this machine, from memory.
///
/// The file is read on first use and again on `reload()`, never behind the
/// caller's back: a server answers from the data it loaded until it is told
/// to reload (SIGHUP), and a reload that fails keeps the last good data.
/// Each call takes the data loaded at its start, so an answer comes wholly
/// from the old data or wholly from the new, however the calls and reloads
/// interleave.
public final class LocalPlaceService: ReloadablePlaceService {
    public let dataURL: URL?
    private let loaded: Mutex<LoadedDataset?>
    /// One reload at a time: a storm of SIGHUPs reads the file once per reload, in order.
    private let reloading = Mutex<Void>(())

    /// Serves a dataset file, read when first asked.
    public init(dataURL: URL) {
        self.dataURL = dataURL
        loaded = Mutex(nil)
    }

    /// Serves places held in memory.
    public init(dataset: PlacesDataset, loadedAt: Date = Date()) {
        dataURL = nil
        loaded = Mutex(LoadedDataset(dataset, loadedAt: loadedAt))
    }

    public func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        try current().places(matching: query.validated())
    }

    public func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        guard let place = try current().store.place(id: id) else { throw .unknownPlace(id) }
        return place
    }

    public func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        try current().info
    }

    @discardableResult
    public func reload() async throws(NearbyAPIError) -> DatasetInfo {
        guard let dataURL else { return try current().info }
        return try reloading.withLock { _ throws(NearbyAPIError) in
            let fresh = try Self.read(dataURL)
            loaded.withLock { $0 = fresh }
            return fresh.info
        }
    }

    private func current() throws(NearbyAPIError) -> LoadedDataset {
        if let data = loaded.withLock({ $0 }) { return data }
        guard let dataURL else { throw .dataMissing(path: "(memory)") }
        return try reloading.withLock { _ throws(NearbyAPIError) in
            // Another caller may have loaded it while this one waited.
            if let data = loaded.withLock({ $0 }) { return data }
            let fresh = try Self.read(dataURL)
            loaded.withLock { $0 = fresh }
            return fresh
        }
    }

    private static func read(_ url: URL) throws(NearbyAPIError) -> LoadedDataset {
        do {
            return LoadedDataset(try PlacesDataset.load(from: url), loadedAt: Date())
        } catch {
            throw NearbyAPIError(error)
        }
    }
}

/// A dataset as served: the places indexed, and what is said about them.
struct LoadedDataset: Sendable {
    let store: PlaceStore
    let info: DatasetInfo

    init(_ dataset: PlacesDataset, loadedAt: Date) {
        let dataset = dataset.withDefaultTimeZone()
        store = PlaceStore(dataset: dataset)
        info = DatasetInfo(dataset: dataset, loadedAt: loadedAt)
    }

    func places(matching query: PlaceQuery) -> [PlaceHit] {
        let categories = query.categories.isEmpty ? nil : query.categories
        guard !query.excludedCategories.isEmpty || !(query.keyword ?? "").isEmpty else {
            return store.places(near: query.center, within: query.radius, in: categories, limit: query.limit)
        }
        // Filters the index cannot apply: rank everything in range, then filter, then cut.
        let hits = store.places(near: query.center, within: query.radius, in: categories).filter { query.admits($0.place) }
        return query.limit.map { Array(hits.prefix($0)) } ?? hits
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
