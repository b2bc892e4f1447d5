import Foundation
import NearbyKit
import NearbySQLite
import NearbyService
import Synchronization

/// Answers from a nearby GeoPackage where it lies, without reading every
/// row: the R*Tree gives the places in boxes around the circle, each
/// candidate is measured exactly (`Geodesic`), and only the places answered are
/// read in full. A one-shot command on a million places touches a few pages.
///
/// The file stays open for the snapshot's life. An import renames a new
/// file over it; this one goes on reading the file it opened, so an answer
/// never mixes old and new.
public final class GeoPackagePlaces: PlaceSnapshot {
    public let url: URL
    public let info: DatasetInfo
    /// The standard library's Mutex, not the NIO lock the other modules use:
    /// only it can hold a value that is not Sendable (an SQLite connection),
    /// and every use of the connection is inside its lock.
    private let connection: Mutex<GeoPackageConnection>
    private let questionSeconds: Double
    /// Over every address source of the file, read at the first question in words.
    private let geocoder = LazyGeocoder()

    /// Where a limited search starts: most answers come from a neighbourhood.
    static let firstSearchRadius = 1_000.0
    /// How much a search widens when it has not found enough: area ×16 a step.
    static let widening = 4.0

    /// How long one question may read by default: a damaged R*Tree whose
    /// nodes share children makes SQLite walk paths without end (the
    /// fuzzer's: `GeoPackageReadingTests`).
    public static let questionSeconds = 30.0

    /// `questionSeconds` from a second to a day (the limit's message counts whole seconds).
    public init(url: URL, loadedAt: Date = Date(), questionSeconds: Double = questionSeconds) throws(NearbyAPIError) {
        self.url = url
        let questionSeconds = questionSeconds.isFinite ? min(max(questionSeconds, 1), 86_400) : Self.questionSeconds
        self.questionSeconds = questionSeconds
        let path = url.path
        let opened: GeoPackageConnection
        do {
            opened = try GeoPackageConnection(path: path, questionSeconds: questionSeconds)
        } catch let error as SQLiteError {
            throw NearbyAPIError.invalidData(path: Self.safe(path), location: "GeoPackage", reason: Self.safe(error.message))
        } catch let error as GeoPackageFormatError {
            throw Self.apiError(error, path: path)
        } catch {
            throw .dataUnreadable(path: Self.safe(path), reason: Self.safe(error.localizedDescription))
        }
        let metadata = opened.metadata
        info = DatasetInfo(
            attribution: metadata.attribution, license: metadata.license, timeZone: metadata.timeZone, source: metadata.source,
            placeCount: metadata.placeCount, categoryCounts: metadata.categoryCounts, skippedUnknownCategories: [:],
            loadedAt: loadedAt, center: metadata.center, replication: metadata.replication)
        connection = Mutex(opened)
    }

    public func place(id: PlaceID) throws(NearbyAPIError) -> Place? {
        try withConnection { try $0.place(id: id) }
    }

    public func places(matching query: PlaceQuery) throws(NearbyAPIError) -> [PlaceHit] {
        try withConnection { connection in
            let categories = query.categories.isEmpty ? nil : query.categories
            if let keyword = query.keyword, case let name = NameQuery(keyword), !name.isEmpty {
                let candidates = try connection.searchCandidates(name, around: query.center, within: query.radius, in: categories)
                return query.answer(
                    try Self.rank(candidates, within: query.radius).map {
                        try PlaceHit(place: connection.place(fid: $0.fid), distance: $0.distance)
                    })
            }
            if query.needsEveryPlaceInRange {
                let ranked = try Self.rank(
                    connection.measure(around: query.center, within: query.radius, in: categories), within: query.radius)
                return query.answer(try ranked.map { try PlaceHit(place: connection.place(fid: $0.fid), distance: $0.distance) })
            }
            let ranked = try Self.nearest(query, in: categories, connection)
            return try ranked.map { try PlaceHit(place: connection.place(fid: $0.fid), distance: $0.distance) }
        }
    }

    /// The address tables' rows around the position, indexed for this one question.
    public func address(at position: Coordinate, language: String?) throws(NearbyAPIError) -> ResolvedAddress? {
        let sources = try withConnection { try $0.addresses?.around(position) } ?? AddressSources()
        return AddressIndex(sources).resolve(at: LonLat(position.longitude, position.latitude), language: language)
    }

    /// Forward geocoding over the address tables, read whole at the first
    /// question (a store's few megabytes of names and lines; the tables have
    /// no index by name yet).
    public func geocode(_ request: GeocodeRequest) throws(NearbyAPIError) -> [GeocodeCandidate] {
        try geocoder.answer(request) { () throws(NearbyAPIError) in
            AddressIndex(
                try withConnection(seconds: GeoPackageConnection.wholeStoreSeconds) { try $0.addresses?.all() } ?? AddressSources())
        }
    }

    /// Every place, in the order imported, and the address tables: to hold
    /// in memory, or to export. Without `addressSources` the tables are not
    /// read (an update reads the places it replaces, for its summary).
    public func dataset(addressSources: Bool = true) throws(NearbyAPIError) -> PlacesDataset {
        try read(addressSources: addressSources).dataset
    }

    /// Every place and address source in memory, indexed.
    public func inMemory(loadedAt: Date = Date()) throws(NearbyAPIError) -> InMemoryPlaces {
        let (dataset, revision) = try read(addressSources: true)
        return InMemoryPlaces(dataset, loadedAt: loadedAt, revision: revision)
    }

    /// `places` brought forward to the store as it is now by what the
    /// updates in place since its revision changed (`StoreChanges`):
    /// itself when the store has not moved on; nil when the store does not
    /// say (another import, a copy updated apart, too many updates ago).
    public func bringingForward(_ places: InMemoryPlaces, loadedAt: Date = Date()) throws(NearbyAPIError) -> InMemoryPlaces? {
        guard let revision = places.revision,
            let changes = try withConnection(seconds: GeoPackageConnection.wholeStoreSeconds, { try $0.changes(since: revision) })
        else { return nil }
        return changes.revision == revision ? places : places.applying(changes, loadedAt: loadedAt)
    }

    private func read(addressSources: Bool) throws(NearbyAPIError) -> (dataset: PlacesDataset, revision: String?) {
        // One read: the places, the sources and what is said of them, of one version of the store.
        let (places, sources, metadata) = try withConnection(seconds: GeoPackageConnection.wholeStoreSeconds) {
            (
                try $0.allPlaces(), addressSources ? try $0.addresses?.all() ?? AddressSources() : AddressSources(),
                try $0.currentMetadata()
            )
        }
        var dataset = PlacesDataset(
            places: places, attribution: metadata.attribution, license: metadata.license,
            timeZone: metadata.timeZone, source: metadata.source)
        dataset.replication = metadata.replication
        dataset.addressSources = sources
        return (dataset, metadata.revision)
    }

    /// The limited search: boxes around a growing circle until it holds
    /// `limit` places (or is the whole radius). Every place within the circle
    /// searched is in its boxes, so once it holds `limit` places those are
    /// the nearest `limit` of all.
    private static func nearest(_ query: PlaceQuery, in categories: Set<PlaceCategory>?, _ connection: GeoPackageConnection) throws
        -> [Measured]
    {
        guard let limit = query.limit else {
            return rank(try connection.measure(around: query.center, within: query.radius, in: categories), within: query.radius)
        }
        var searched = min(firstSearchRadius, query.radius)
        while true {
            let ranked = rank(try connection.measure(around: query.center, within: searched, in: categories), within: searched)
            if ranked.count >= limit || searched >= query.radius { return Array(ranked.prefix(limit)) }
            searched = min(searched * widening, query.radius)
        }
    }

    /// Within `radius`, nearest first, ties by name then id: the contract every store keeps.
    /// An id seen again (only a damaged file, whose unique index no longer holds) is answered once.
    static func rank(_ measured: [Measured], within radius: Double) -> [Measured] {
        var ids = Set<PlaceID>()
        return measured.filter { $0.distance <= radius }
            .sorted { ($0.distance, $0.name, $0.id) < ($1.distance, $1.name, $1.id) }
            .filter { ids.insert($0.id).inserted }
    }

    private func withConnection<T: Sendable>(
        seconds: Double? = nil,
        _ body: (GeoPackageConnection) throws -> T
    ) throws(NearbyAPIError) -> T {
        let seconds = seconds ?? questionSeconds
        do {
            return try connection.withLock { connection in
                try connection.beginReading(within: seconds)
                defer { connection.endReading() }
                return try body(connection)
            }
        } catch let error as GeoPackageFormatError {
            throw Self.apiError(error, path: url.path)
        } catch let error as SQLiteError where error.isInterruption {
            if Task.isCancelled { throw .serviceUnavailable("reading \(Self.safe(url.path)) was cancelled") }
            throw Self.apiError(.notNearby("reading it took longer than \(Int(seconds)) s, which no nearby store takes"), path: url.path)
        } catch let error as SQLiteError where error.isTooBig {
            throw Self.apiError(
                .notNearby("it holds a value longer than \(SQLiteDatabase.maximumValueLength >> 20) MiB, which no place has"),
                path: url.path)
        } catch let error as NearbyAPIError {
            throw error
        } catch {
            throw .dataUnreadable(path: Self.safe(url.path), reason: Self.safe(error.localizedDescription))
        }
    }

    static func apiError(_ error: GeoPackageFormatError, path: String) -> NearbyAPIError {
        switch error {
        case .geometry(let reason): .invalidData(path: safe(path), location: "GeoPackage", reason: "a geometry is \(safe(reason))")
        case .notNearby(let reason):
            .invalidData(path: safe(path), location: "GeoPackage", reason: "not a nearby places store: \(safe(reason))")
        case .row(let fid, let reason): .invalidData(path: safe(path), location: "places row fid \(fid)", reason: safe(reason))
        }
    }

    static func safe(_ text: String) -> String { TerminalSafeText.escaped(text, limit: 300) }
}

/// A candidate measured: enough to rank it, and the row to read if it is answered.
struct Measured {
    var fid: Int64
    var distance: Double
    var name: String
    var id: PlaceID
}
