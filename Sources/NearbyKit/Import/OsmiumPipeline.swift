import Foundation

/// `osmium tags-filter` into a temporary file, then `osmium export -f
/// geojsonseq` of it (export reads its input twice to assemble areas, so it
/// cannot read a pipe), with the export's output handed over one line at a
/// time (`ExternalCommand`) so that a country-sized extract is never held in
/// memory as text. A small extract is exported whole instead
/// (`filtersAbove`), and the reader drops what the filter would have.
package struct OsmiumPipeline {
    package var osmium: URL
    package var input: URL
    /// `tags-filter` expressions (`nwr/amenity`, `nwr/highway=bus_stop`).
    package var filters: [String]
    package var showProgress: Bool
    /// The size in bytes past which an extract is filtered before it is exported.
    package var filtersAbove = Self.standardFilterSize

    /// A megabyte. `tags-filter` keeps ids in sets laid out over the whole id
    /// range, so on a small extract of real, scattered ids it costs as much
    /// as on a large one: on Monaco (0.45 MB) 0.75 s of a 1.22 s import and
    /// a 978 MB peak, against 0.70 s and 45 MB for the import exported
    /// whole. What it saves is exporting and reading the elements it drops,
    /// ~75 µs each (Monaco's 3,085 of 7,973 cost 0.23 s), some 7,000 to the
    /// megabyte there: the two costs meet near 1.5 MB.
    package static let standardFilterSize = 1 << 20

    package init(osmium: URL, input: URL, filters: [String], showProgress: Bool) {
        self.osmium = osmium
        self.input = input
        self.filters = filters
        self.showProgress = showProgress
    }

    package func run(eachLine: (Data) throws -> Void) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var exported = input
        let size = (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? Int.max
        if !filters.isEmpty, size > filtersAbove {
            exported = scratch.appendingPathComponent("filtered.osm.pbf")
            try osmium(
                "tags-filter",
                ["tags-filter", input.path] + filters + ["-o", exported.path, showProgress ? "--progress" : "--no-progress"],
                showsErrors: showProgress, eachLine: { _ in })
        }
        try osmium(
            "export",
            [
                "export", exported.path, "-f", "geojsonseq", "-x", "print_record_separator=false",
                "-a", "type,id", "--geometry-types=point,linestring,polygon", "-o", "-",
            ], eachLine: eachLine)
    }

    /// The extract's header options (`osmium fileinfo -j`: the header
    /// only, the data is not read), such as `osmosis_replication_timestamp`.
    package func headerOptions() throws -> [String: String] {
        var json = Data()
        try osmium("fileinfo", ["fileinfo", "-j", input.path]) { line in json.append(line + [0x0A]) }
        guard let info = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw ImportError.osmiumFailed("unexpected output from osmium fileinfo")
        }
        let options = (info["header"] as? [String: Any])?["option"] as? [String: Any] ?? [:]
        return options.compactMapValues { $0 as? String }
    }

    /// The extract with `changes` applied, in order (`osmium apply-changes`:
    /// the newest version of each object wins, so a change applied twice
    /// changes nothing), written to `output` with `header` as its header's
    /// options — apply-changes keeps none of the input's.
    package func applyChanges(_ changes: [URL], header: [String: String], output: URL) throws {
        let options = header.sorted { $0.key < $1.key }.map { "--output-header=\($0.key)=\($0.value)" }
        try osmium(
            "apply-changes",
            ["apply-changes", input.path] + changes.map(\.path) + ["-o", output.path, "-f", "pbf", "--no-progress"] + options,
            eachLine: { _ in })
    }

    /// What a change file holds, as `osmium fileinfo -e` reads it, streaming.
    package struct ChangeSummary {
        /// Nodes, ways and relations, each version counted.
        package var objects: Int
        /// The newest timestamp of any object, nil when it has none.
        package var newest: Date?
        /// The most negative id of each kind, where one is below zero (`n-3`).
        package var negative: [String]
    }

    /// `file`'s summary (`osmium fileinfo -e -j`: one pass, its memory not growing with the file).
    package static func changeSummary(in file: URL, osmium: URL) throws -> ChangeSummary {
        var json = Data()
        try run(osmium, "fileinfo", ["fileinfo", "-e", "-j", file.path]) { line in json.append(line + [0x0A]) }
        guard let info = try? JSONSerialization.jsonObject(with: json) as? [String: Any], let data = info["data"] as? [String: Any],
            let count = data["count"] as? [String: Any]
        else { throw ImportError.osmiumFailed("unexpected output from osmium fileinfo") }
        let kinds = [("nodes", "node"), ("ways", "way"), ("relations", "relation")]
        let minimum = data["minid"] as? [String: Any] ?? [:]
        return ChangeSummary(
            objects: kinds.compactMap { count[$0.0] as? Int }.reduce(0, +),
            newest: ((data["timestamp"] as? [String: Any])?["last"] as? String).flatMap(ReplicationState.date),
            negative: kinds.compactMap { kind, letter in (minimum[kind] as? Int).flatMap { $0 < 0 ? "\(letter) \($0)" : nil } })
    }

    private func osmium(_ step: String, _ arguments: [String], showsErrors: Bool = false, eachLine: (Data) throws -> Void) throws {
        try Self.run(osmium, step, arguments, showsErrors: showsErrors, eachLine: eachLine)
    }

    /// One osmium step; its failure in the import's words.
    package static func run(
        _ osmium: URL, _ step: String, _ arguments: [String], showsErrors: Bool = false, eachLine: (Data) throws -> Void
    ) throws {
        do {
            try ExternalCommand(executable: osmium, arguments: arguments, showsErrors: showsErrors).run(eachLine: eachLine)
        } catch let failure as ExternalCommand.Failure {
            switch failure {
            case .notStarted(let reason):
                throw ImportError.osmiumFailed(reason)
            case .failed(let status, let bySignal, let lastLine):
                throw ImportError.osmiumFailed(
                    lastLine ?? "osmium \(step) \(bySignal ? "was stopped by signal" : "exited with status") \(status)")
            }
        }
    }
}
