import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// Serves places from a dataset on this machine: a file held in memory, or
/// a store file queried where it lies.
///
/// The file is opened on first use and again on `reload()`, never behind the
/// caller's back: a server answers from the data it loaded until it is told
/// to reload (SIGHUP, or `isBehindItsSource()` when it watches), and a reload
/// that fails keeps the last good data.
/// Each call takes the snapshot current at its start, so an answer comes
/// wholly from the old data or wholly from the new, however the calls and
/// reloads interleave.
public final class LocalPlaceService: ReloadablePlaceService {
    /// Opens a dataset file as a snapshot: reads it into memory, or opens a
    /// store. On a reload it is given the snapshot it replaces, which it may
    /// bring forward by what changed instead of reading the file whole.
    public typealias Opener = @Sendable (URL, _ previous: (any PlaceSnapshot)?) throws(NearbyAPIError) -> any PlaceSnapshot

    public let dataURL: URL?
    private let open: Opener
    private let loaded: NIOLockedValueBox<(any PlaceSnapshot)?>
    /// One reload at a time: a storm of SIGHUPs opens the file once per reload, in order.
    private let reloading = NIOLock()
    /// The file's stamp when it was last opened, or tried: a file that could
    /// not be read is not tried again until it changes again.
    private let openedStamp = NIOLockedValueBox<FileStamp?>(nil)

    /// Serves a dataset file, opened when first asked; by default a places GeoJSON read into memory.
    public init(dataURL: URL, open: @escaping Opener = LocalPlaceService.readGeoJSON) {
        self.dataURL = dataURL
        self.open = open
        loaded = NIOLockedValueBox(nil)
    }

    /// Serves places held in memory.
    public convenience init(dataset: PlacesDataset, loadedAt: Date = Date()) {
        self.init(snapshot: InMemoryPlaces(dataset, loadedAt: loadedAt))
    }

    /// Serves one snapshot, for ever.
    public init(snapshot: any PlaceSnapshot) {
        dataURL = nil
        open = { _, _ throws(NearbyAPIError) in snapshot }
        loaded = NIOLockedValueBox(snapshot)
    }

    public func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        try current().places(matching: query.validated())
    }

    public func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        guard let place = try current().place(id: id) else { throw .unknownPlace(id) }
        return place
    }

    public func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        try current().info
    }

    public func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        try current().address(at: position, language: language)
    }

    public func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        try current().geocode(request)
    }

    @discardableResult
    public func reload() async throws(NearbyAPIError) -> DatasetInfo {
        guard let dataURL else { return try current().info }
        // The lock's body cannot throw a typed error through it: it hands back a Result.
        return try reloading.withLock {
            Result { () throws(NearbyAPIError) in
                let fresh = try openNoting(dataURL, previous: loaded.withLockedValue { $0 })
                loaded.withLockedValue { $0 = fresh }
                return fresh.info
            }
        }.get()
    }

    public func isBehindItsSource() -> Bool {
        guard let dataURL else { return false }
        return FileStamp(atPath: dataURL.path) != openedStamp.withLockedValue { $0 }
    }

    /// Opens the file, noting its stamp first: a change made while it is
    /// read shows as a stamp other than the noted one.
    private func openNoting(_ dataURL: URL, previous: (any PlaceSnapshot)? = nil) throws(NearbyAPIError) -> any PlaceSnapshot {
        openedStamp.withLockedValue { $0 = FileStamp(atPath: dataURL.path) }
        return try open(dataURL, previous)
    }

    private func current() throws(NearbyAPIError) -> any PlaceSnapshot {
        if let snapshot = loaded.withLockedValue({ $0 }) { return snapshot }
        guard let dataURL else { throw .dataMissing(path: "(memory)") }
        return try reloading.withLock {
            Result { () throws(NearbyAPIError) -> any PlaceSnapshot in
                // Another caller may have opened it while this one waited.
                if let snapshot = loaded.withLockedValue({ $0 }) { return snapshot }
                let fresh = try openNoting(dataURL)
                loaded.withLockedValue { $0 = fresh }
                return fresh
            }
        }.get()
    }

    /// Reads a places GeoJSON into memory.
    public static let readGeoJSON: Opener = { url, _ throws(NearbyAPIError) in
        do throws(DatasetError) {
            return InMemoryPlaces(try PlacesDataset.load(from: url), loadedAt: Date())
        } catch {
            throw NearbyAPIError(error)
        }
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
