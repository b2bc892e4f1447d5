import Foundation

/// Turns an OpenStreetMap extract into a places dataset. osmium-tool does
/// the reading: `tags-filter` keeps the elements with a tag that can make a
/// category (plus the nodes their geometry needs), `export` assembles areas
/// and streams GeoJSON lines, which are mapped to places here.
public struct OSMImporter {
    public struct Progress: Sendable {
        public var featuresRead: Int
        public var placesKept: Int
        /// Set once the extract is read, while addresses are derived.
        public var addressing = false
    }

    /// What an import kept and what it left out, and why.
    public struct Report: Sendable, Equatable {
        public var imported = 0
        public var skipped: [SkipReason: Int] = [:]
        /// Places mapped twice, as a point and as the area around it, that became one.
        public var merged = 0
        /// Which places have which parts of an address.
        public var addresses = AddressCoverage()
        /// The derived addresses against the places' own, when asked (`checksAddresses`).
        public var addressAccuracy = AddressAccuracy()
        /// For elements left out for want of a category: how many carried
        /// each `key=value` of the keys read in full (`amenity=bench`).
        public var leftOutTags: [String: Int] = [:]

        public var summary: String {
            let parts = SkipReason.allCases.compactMap { reason in
                skipped[reason].map { "\($0) \(reason.rawValue)" }
            }
            return "imported \(imported) places" + (parts.isEmpty ? "" : "; skipped " + parts.joined(separator: ", "))
                + (merged == 0 ? "" : "; merged \(merged) mapped both as a point and as the area around it")
        }

        /// The ten tags most often left out, most frequent first (ties by tag).
        public var mostOftenLeftOut: [(tag: String, count: Int)] {
            leftOutTags.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(10).map { (tag: $0.key, count: $0.value) }
        }

        public static func == (a: Report, b: Report) -> Bool {
            a.imported == b.imported && a.skipped == b.skipped && a.merged == b.merged && a.leftOutTags == b.leftOutTags
                && a.addresses == b.addresses && a.addressAccuracy == b.addressAccuracy
        }
    }

    public enum SkipReason: String, CaseIterable, Sendable, Error {
        case noCategory = "with no category nearby knows"
        case unnamed = "unnamed"
        case noGeometry = "without a usable geometry"
        case outOfRange = "with coordinates out of range"
    }

    public var osmium: URL
    public var timeZone: String?
    /// Lets osmium draw its own progress bar (when stderr is a terminal).
    public var showOsmiumProgress = false
    /// Derives the tagged places' addresses a second time as if untagged,
    /// to check the rules (`Report.addressAccuracy`); off by default, for
    /// it costs a second derivation of each.
    public var checksAddresses = false
    /// The replication feed to record, over the one the extract's header names (`import --replication-url`).
    public var replicationURL: String?
    /// Past this size osmium filters the extract before exporting it (`OsmiumPipeline`); tests set it to try both ways.
    var filtersAbove = OsmiumPipeline.standardFilterSize

    public init(osmium: URL, timeZone: String? = nil) {
        self.osmium = osmium
        self.timeZone = timeZone
    }

    /// Finds `osmium` on PATH.
    public static func locateOsmium(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ImportError) -> URL {
        let dirs = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for dir in dirs {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("osmium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .osmiumMissing
    }

    public func run(input: URL, progress: (Progress) -> Void = { _ in }) throws(ImportError) -> (PlacesDataset, Report) {
        guard FileManager.default.fileExists(atPath: input.path) else { throw .inputMissing(input.path) }
        guard FileManager.default.isReadableFile(atPath: input.path) else { throw .inputUnreadable(input.path) }

        let filters = CategoryCatalog.shared.osmiumFilters + OSMAddressSources.osmiumFilters
        var pipeline = OsmiumPipeline(osmium: osmium, input: input, filters: filters, showProgress: showOsmiumProgress)
        pipeline.filtersAbove = filtersAbove
        var replication: ReplicationState
        do {
            replication = ReplicationState(headerOptions: try pipeline.headerOptions())
        } catch let error as ImportError {
            throw error
        } catch {
            throw .osmiumFailed(error.localizedDescription)
        }
        if let replicationURL { replication.baseURL = replicationURL }
        var collector = FeatureCollector()
        var read = 0
        do {
            try pipeline.run { line in
                read += 1
                if read % 10_000 == 0 { progress(Progress(featuresRead: read, placesKept: collector.places.count)) }
                try collector.add(line)
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .osmiumFailed("unexpected output from osmium export: \(error.localizedDescription)")
        }
        var report = collector.report
        var places = collector.places
        let folded: [PlaceID: [PlaceID]]
        (places, folded) = collector.areas.merged(places)
        let areaPlaces = collector.areas.areaPlaces(collector.places, folded: folded)
        report.merged = folded.values.map(\.count).reduce(0, +)
        progress(Progress(featuresRead: read, placesKept: places.count, addressing: true))
        places.sort { $0.id.osmOrder(before: $1.id) }  // the same input gives the same order below
        var sources = collector.addressSources.sources
        sources.sort()
        let derived = AddressDerivation.run(places, index: AddressIndex(sources), folded: folded, checking: checksAddresses)
        report.addresses = derived.coverage
        report.addressAccuracy = derived.accuracy
        places = PlaceStore.inSpatialOrder(derived.places)
        report.imported = places.count
        var dataset = PlacesDataset(places: places, timeZone: timeZone, source: input.lastPathComponent)
        dataset.addressSources = sources
        dataset.areaPlaces = areaPlaces
        dataset.replication = replication.isEmpty ? nil : replication
        return (dataset, report)
    }
}

public enum ImportError: Error, Equatable, LocalizedError {
    case osmiumMissing
    case inputMissing(String)
    case inputUnreadable(String)
    /// osmium ran and failed, most often on a file that is not an OSM extract.
    case osmiumFailed(String)

    /// The sysexits(3) code a command line ends with: 69 without osmium, 66
    /// without the extract, 74 where it cannot be read, 65 where osmium finds
    /// it is not an extract.
    public var exitCode: Int32 {
        switch self {
        case .osmiumMissing: 69
        case .inputMissing: 66
        case .inputUnreadable: 74
        case .osmiumFailed: 65
        }
    }

    public var errorDescription: String? {
        switch self {
        case .osmiumMissing: "osmium-tool is not installed (apt-get install osmium-tool)"
        case .inputMissing(let path): "no OSM extract at \(path)"
        case .inputUnreadable(let path): "cannot read \(path)"
        case .osmiumFailed(let message): "osmium could not read the extract: \(message)"
        }
    }
}
